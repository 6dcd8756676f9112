/*
 * The one pipeline of a form action, admin and shop alike:
 *   parse with the form's one zod schema → authorize → one domain call →
 *   success: a redirect with a toast · refusal: the form's errors, with the failure's status.
 * Routes describe each step; this file is where a form action's `Failure` becomes an answer.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { failureStatus, invalid, type Failure, type Result } from "./failure";
import { readFormData } from "./forms.server";
import type { ToastInput } from "./toast";
import { redirectWithToast } from "./toast.server";

/** What a refused submission answers: the form's errors (and which form), and maybe a toast. */
export interface ActionReply {
  intent?: string;
  result: SubmissionResult<string[]>;
  toast?: ToastInput;
}

/** Where a successful action goes and the toast it shows there; or an answer of its own. */
export type ActionSuccess = { redirectTo: string; toast?: ToastInput; headers?: HeadersInit };

/** A success answered on the page itself (what is shown only once, e.g. recovery codes). */
type PageData<S> = ReturnType<typeof data<S>>;

export interface FormActionOptions<Schema extends z.ZodType, T extends object, S = never> {
  /** The form's one schema, the same the form validates with in the browser. */
  schema: Schema;
  /** Echoed in the reply so that a page with several forms shows it on the right one. */
  intent?: string;
  /** Who asks may do this with this value? (ownership, the last admin…) Runs after parsing. */
  authorize?: (
    value: z.output<Schema>,
  ) => Failure | null | undefined | Promise<Failure | null | undefined>;
  /** The one domain call. */
  run: (value: z.output<Schema>) => Promise<Result<T>>;
  /**
   * The redirect (and its toast) after success, or a whole answer of the page's own. `reply`:
   * the submission's successful result, for a page that answers on itself and keeps the form
   * as typed (an order found by tracking).
   */
  onSuccess: (
    done: { ok: true } & T,
    value: z.output<Schema>,
    reply: () => SubmissionResult<string[]>,
  ) => ActionSuccess | Response | PageData<S> | Promise<ActionSuccess | Response | PageData<S>>;
  /**
   * The title of the toast a refusal shows ("Error al crear categoría"); none: the form only.
   * A function picks it from the parsed value (creating or updating).
   */
  failureTitle?: string | ((value: z.output<Schema>) => string);
  /** A toast for a submission the schema refused (e.g. too many videos), beside the field errors. */
  invalidToast?: (fieldErrors: Record<string, string[] | null>) => ToastInput | undefined;
  /** Fields whose typed value is never sent back (passwords). */
  hideFields?: string[];
  /**
   * A refusal the page answers itself instead of on the form: a form that is not on the
   * action's own page (a resource route) or a plain button with no fields to mark (a
   * confirm-delete) goes back with a toast; a page whose answer is not a form's errors (the
   * product CSV import's report) answers `data()`. Gets the submissions the schema refused too,
   * as an `invalid` failure with the first message. `undefined`: the form's answer after all.
   */
  onFailure?: (
    failure: Failure,
    formData: FormData,
  ) =>
    | ActionSuccess
    | Response
    | PageData<S>
    | undefined
    | Promise<ActionSuccess | Response | PageData<S> | undefined>;
  /** Headers of every refusal (e.g. `Cache-Control: no-store` on a public page's form). */
  replyHeaders?: HeadersInit;
  /**
   * The toast of a domain or authorization refusal when it depends on the failure (a title per
   * kind, a text of its own beside the form's message); `undefined`: no toast. Instead of
   * `failureTitle`.
   */
  failureToast?: (failure: Failure, value: z.output<Schema>) => ToastInput | undefined;
}

function destructive(title: string, description: string): ToastInput {
  // A message that is the title itself ("No se pudo guardar…") is said once.
  return description === title
    ? { title, variant: "destructive" }
    : { title, description, variant: "destructive" };
}

/** `invalidToast` that shows the first field error under the page's failure title. */
export function firstErrorToast(title: string) {
  return (fieldErrors: Record<string, string[] | null>): ToastInput =>
    destructive(title, Object.values(fieldErrors).flat()[0] ?? "");
}

/** A refusal as the form's answer: field errors on their fields, anything else above the form. */
export function failureReply(
  failure: Failure,
  options: {
    intent?: string;
    failureTitle?: string;
    reply?: (init: ReplyInit) => SubmissionResult<string[]>;
    headers?: HeadersInit;
    /** The toast, when it is not `failureTitle` over the failure's message. */
    toast?: ToastInput;
  } = {},
) {
  const init: ReplyInit = failure.fieldErrors
    ? { fieldErrors: failure.fieldErrors }
    : { formErrors: [failure.title ? `${failure.title}: ${failure.message}` : failure.message] };
  // A failure's own heading wins over the page's title.
  const title = failure.title ?? options.failureTitle;
  const body: ActionReply = {
    intent: options.intent,
    result: options.reply ? options.reply(init) : { status: "error", error: errorsOf(init) },
    toast: options.toast ?? (title ? destructive(title, failure.message) : undefined),
  };
  const headers = new Headers(options.headers);
  if (failure.retryAfterSeconds) headers.set("Retry-After", String(failure.retryAfterSeconds));
  return data(body, { status: failureStatus(failure), headers });
}

interface ReplyInit {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}

function errorsOf(init: ReplyInit): Record<string, string[]> {
  return { ...(init.formErrors ? { "": init.formErrors } : {}), ...init.fieldErrors };
}

async function succeed<S>(success: ActionSuccess | Response | PageData<S>) {
  if (success instanceof Response || !("redirectTo" in success)) return success;
  const { redirectTo, toast, headers } = success;
  if (toast) return redirectWithToast(redirectTo, toast, { headers });
  // Headers, not an object: several Set-Cookie lines must all survive.
  const all = new Headers(headers);
  all.set("Location", redirectTo);
  return new Response(null, { status: 302, headers: all });
}

/** Runs a form's action through the pipeline (see the top of this file). */
export async function formAction<Schema extends z.ZodType, T extends object, S = never>(
  input: Request | FormData,
  options: FormActionOptions<Schema, T, S>,
) {
  const formData = input instanceof Request ? await readFormData(input) : input;
  const { schema, intent, hideFields, replyHeaders: headers } = options;
  const submission = parseWithZod(formData, { schema });
  const { onFailure } = options;
  if (submission.status !== "success" && onFailure) {
    const messages = Object.values(submission.error ?? {}).flatMap((m) => m ?? []);
    const own = await onFailure(invalid(messages[0] ?? "Revisa el formulario."), formData);
    if (own) return succeed(own);
  }
  if (submission.status !== "success") {
    const toast = options.invalidToast?.(submission.error ?? {});
    return data({ intent, result: submission.reply({ hideFields }), toast } satisfies ActionReply, {
      status: 400,
      headers,
    });
  }
  const reply = (init: ReplyInit) => submission.reply({ ...init, hideFields });
  const value = submission.value as z.output<Schema>;
  const failureTitle =
    typeof options.failureTitle === "function" ? options.failureTitle(value) : options.failureTitle;
  const outcome = (await options.authorize?.(value)) ?? (await options.run(value));
  if (!outcome.ok) {
    const own = await onFailure?.(outcome, formData);
    if (own) return succeed(own);
    if (options.failureToast) {
      const toast = options.failureToast(outcome, value);
      return failureReply(outcome, { intent, reply, headers, toast });
    }
    return failureReply(outcome, { intent, failureTitle, reply, headers });
  }
  const done = outcome;
  return succeed(await options.onSuccess(done, value, () => submission.reply({ hideFields })));
}

/** The answer to a request no page of ours sends (an unknown intent, a hand-made row id). */
export const INVALID_REQUEST_MESSAGE = "La petición no es válida. Recarga la página.";

/**
 * A page with several forms: the submitted `intent` picks the handler; an unknown intent is a
 * request no page of ours sends, answered 400. Takes the form already read when the page needs
 * another of its fields first.
 */
export async function dispatchIntent<
  H extends Record<string, (formData: FormData) => Promise<unknown>>,
  U = never,
>(
  input: Request | FormData,
  handlers: H,
  /** The page's own answer to an unknown intent (its toast), instead of the plain 400. */
  unknown?: (formData: FormData) => U,
): Promise<Awaited<ReturnType<H[keyof H]>> | U> {
  const formData = input instanceof Request ? await readFormData(input) : input;
  const intent = formData.get("intent");
  const handler =
    typeof intent === "string" && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler && unknown) return unknown(formData);
  if (!handler) {
    throw data({ message: INVALID_REQUEST_MESSAGE }, { status: 400 });
  }
  return handler(formData) as Promise<Awaited<ReturnType<H[keyof H]>>>;
}
