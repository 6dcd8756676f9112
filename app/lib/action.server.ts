/*
 * The one pipeline of a form action, admin and shop alike:
 *   parse with the form's one zod schema → authorize → one domain call →
 *   success: a redirect with a toast · refusal: the form's errors, with the failure's status.
 * Routes describe each step; this file is the only place that turns a `Failure` into an answer.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { failureStatus, type Failure, type Result } from "./failure";
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
  /** The redirect (and its toast) after success, or a whole answer of the page's own. */
  onSuccess: (
    done: { ok: true } & T,
    value: z.output<Schema>,
  ) => ActionSuccess | Response | PageData<S> | Promise<ActionSuccess | Response | PageData<S>>;
  /** The title of the toast a refusal shows ("Error al crear categoría"); none: the form only. */
  failureTitle?: string;
  /** A toast for a submission the schema refused (e.g. too many videos), beside the field errors. */
  invalidToast?: (fieldErrors: Record<string, string[] | null>) => ToastInput | undefined;
  /** Fields whose typed value is never sent back (passwords). */
  hideFields?: string[];
}

function destructive(title: string, description: string): ToastInput {
  return { title, description, variant: "destructive" };
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
  } = {},
) {
  const init: ReplyInit = failure.fieldErrors
    ? { fieldErrors: failure.fieldErrors }
    : { formErrors: [failure.message] };
  const body: ActionReply = {
    intent: options.intent,
    result: options.reply ? options.reply(init) : { status: "error", error: errorsOf(init) },
    toast: options.failureTitle ? destructive(options.failureTitle, failure.message) : undefined,
  };
  const headers: HeadersInit = failure.retryAfterSeconds
    ? { "Retry-After": String(failure.retryAfterSeconds) }
    : {};
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
  return toast
    ? redirectWithToast(redirectTo, toast, { headers })
    : new Response(null, {
        status: 302,
        headers: { ...Object.fromEntries(new Headers(headers)), Location: redirectTo },
      });
}

/** Runs a form's action through the pipeline (see the top of this file). */
export async function formAction<Schema extends z.ZodType, T extends object, S = never>(
  input: Request | FormData,
  options: FormActionOptions<Schema, T, S>,
) {
  const formData = input instanceof Request ? await readFormData(input) : input;
  const { schema, intent, hideFields, failureTitle } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const toast = options.invalidToast?.(submission.error ?? {});
    return data({ intent, result: submission.reply({ hideFields }), toast } satisfies ActionReply, {
      status: 400,
    });
  }
  const reply = (init: ReplyInit) => submission.reply({ ...init, hideFields });
  const value = submission.value as z.output<Schema>;
  const refused = await options.authorize?.(value);
  if (refused) return failureReply(refused, { intent, failureTitle, reply });
  const done = await options.run(value);
  if (!done.ok) return failureReply(done, { intent, failureTitle, reply });
  return succeed(await options.onSuccess(done, value));
}

/**
 * A page with several forms: the submitted `intent` picks the handler; an unknown intent is a
 * request no page of ours sends, answered 400.
 */
export async function dispatchIntent<
  H extends Record<string, (formData: FormData) => Promise<unknown>>,
  U = never,
>(
  request: Request,
  handlers: H,
  /** The page's own answer to an unknown intent (e.g. its "Error General" toast). */
  onUnknown?: () => U,
): Promise<Awaited<ReturnType<H[keyof H]>> | U> {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const handler =
    typeof intent === "string" && Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) {
    if (onUnknown) return onUnknown();
    throw data({ message: "La petición no es válida. Recarga la página." }, { status: 400 });
  }
  return handler(formData) as Promise<Awaited<ReturnType<H[keyof H]>>>;
}
