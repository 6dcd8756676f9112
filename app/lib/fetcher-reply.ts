import type { Failure } from "./failure";

/**
 * What a resource route answers a button's fetcher (add to cart, the favourite heart): the
 * message its toast shows and, on success, what the button needs; a refusal is only its
 * message, with the failure's status. Browser-safe.
 */
export type FetcherReply<T extends object = object> =
  ({ ok: true; message: string } & T) | Pick<Failure, "ok" | "message">;

/** A refusal as a fetcher reads it: whether it was done and why not, nothing internal. */
export function refusalReply(failure: Failure): FetcherReply {
  return { ok: failure.ok, message: failure.message };
}
