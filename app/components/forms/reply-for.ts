/**
 * The form result of an action's reply when it answered the form of `intent` (a page with
 * several forms shows each one only its own errors), else undefined.
 */
export function replyFor<Result>(
  reply: { intent?: string; result?: Result } | undefined,
  intent: string,
): Result | undefined {
  return reply?.intent === intent ? reply.result : undefined;
}
