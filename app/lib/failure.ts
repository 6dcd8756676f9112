/**
 * The one vocabulary of a domain write that did not happen. Every write in `app/modules`
 * returns `Result` — `{ ok: true, ...what it made }` or one `Failure` — and never chooses an
 * HTTP status: `failureStatus` (and the action pipeline in action.server.ts) does that.
 * Browser-safe.
 */

export type FailureKind =
  | "invalid"
  | "unauthenticated"
  | "not_found"
  | "conflict"
  | "forbidden"
  | "rate_limited"
  | "unavailable";

export interface Failure {
  ok: false;
  kind: FailureKind;
  /** Spanish, for the person who asked: the form's message or the toast's text. */
  message: string;
  /** Spanish messages of the fields at fault (a taken slug, a weak password…). */
  fieldErrors?: Record<string, string[]>;
  /** `rate_limited`: seconds until another try may succeed. */
  retryAfterSeconds?: number;
  /**
   * A heading of its own (the checkout's «Sin stock suficiente»): the toast's title, instead of
   * the page's `failureTitle`, and said before the message above the form.
   */
  title?: string;
}

/** A write's outcome: what it made on success, or why it was refused. */
export type Result<T extends object = object> = ({ ok: true } & T) | Failure;

export function ok(): { ok: true };
export function ok<T extends object>(value: T): { ok: true } & T;
export function ok(value: object = {}) {
  return { ...value, ok: true as const };
}

function refusal(kind: FailureKind) {
  return (message: string, field?: string): Failure => ({
    ok: false,
    kind,
    message,
    ...(field ? { fieldErrors: { [field]: [message] } } : {}),
  });
}

/** What the person sent cannot be saved: a form-level message, or the field that is wrong. */
export const invalid = refusal("invalid");
/** The row the request names does not exist (any more). */
export const notFound: (message: string) => Failure = refusal("not_found");
/** The request clashes with what is stored (a taken slug, a status that moved on…). */
export const conflict = refusal("conflict");
/** Nobody is signed in, and only an account may do this (write a review…). */
export const unauthenticated: (message: string) => Failure = refusal("unauthenticated");
/** The signed-in person may not do this (another customer's order, the last admin…). */
export const forbidden: (message: string) => Failure = refusal("forbidden");

/** Too many tries; `retryAfterSeconds` when known. */
export function rateLimited(message: string, retryAfterSeconds?: number): Failure {
  return {
    ok: false,
    kind: "rate_limited",
    message,
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  };
}

/** The write could not be done now (the database or a service refused; logged): try again. */
export function unavailable(message: string): Failure {
  return { ok: false, kind: "unavailable", message };
}

/** The failure with a heading of its own (see `Failure.title`). */
export function titled(failure: Failure, title: string): Failure {
  return { ...failure, title };
}

/** The one mapping from a failure to the HTTP status of its answer. */
export const FAILURE_STATUS: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  rate_limited: 429,
  unavailable: 500,
};

export function failureStatus(failure: Pick<Failure, "kind">): number {
  return FAILURE_STATUS[failure.kind];
}
