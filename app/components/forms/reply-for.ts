import type { SubmissionResult } from "@conform-to/react";

/**
 * The form result of an action's reply when it answered the form of `intent` (a page with
 * several forms shows each one only its own errors), else undefined.
 */
export function replyFor(
  reply: { intent?: string; result: SubmissionResult<string[]> } | undefined,
  intent: string,
) {
  return reply?.intent === intent ? reply.result : undefined;
}
