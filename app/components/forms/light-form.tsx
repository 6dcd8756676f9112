import type { SubmissionResult } from "@conform-to/react";
import {
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import { useDeferredValidator } from "./deferred-validator";
import { FormErrors } from "./form-errors";
import { useHydrated } from "~/components/ui/use-hydrated";

/*
 * The public pages' light forms ('Solicitar este servicio', /contacto): the server renders a
 * plain form that posts to the page's action (works without JavaScript) and shows the action's
 * reply — the values typed and the errors of the form's one schema. In the browser the same
 * schema checks each field on blur and the whole form before sending; its code (zod) loads on
 * the form's first focus or touch, not with the page (ADR 0007). Until it is there the server
 * checks. Conform's full client would cost the page its JavaScript budget.
 */

export type Validate = (formData: FormData) => Record<string, string[]> | null;
type Errors = Record<string, string[] | null | undefined>;

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";
const labelClass = "mb-1 block text-sm font-medium text-slate-800";

/** « (opcional)» after a label. */
export const optionalMark = <span className="font-normal text-slate-600"> (opcional)</span>;

export const submitButtonClass =
  "inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto";

export interface FieldProps<Name extends string> {
  id: string;
  name: Name;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

/**
 * One form's state: `fields` in the order errors are focused, `prefix` for the elements' ids,
 * `loadValidator` a module-level function importing the schema's check.
 */
export function useLightForm<Name extends string>({
  fields,
  prefix,
  loadValidator,
  lastResult,
}: {
  fields: readonly Name[];
  prefix: string;
  loadValidator: () => Promise<Validate>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Errors>(() => lastResult?.error ?? {});
  // A new reply from the action replaces what the browser had found.
  const [reply, setReply] = useState(lastResult);
  if (reply !== lastResult) {
    setReply(lastResult);
    setErrors(lastResult?.error ?? {});
  }
  const { validate, load, later } = useDeferredValidator(
    loadValidator,
    (_validator, form, names) => {
      for (const name of names) checkField(form, name);
    },
  );
  const idOf = (name: Name) => `${prefix}-${name}`;
  // Pressing the send button blurs the field being typed in. Checking that field then would
  // show its error above the button, move the button down before the press ends, and so lose
  // the click: the form would not be sent, nor its other errors shown. The send checks all.
  const pressingSend = useRef(false);
  const formErrorId = `${prefix}-form-error`;

  const values = (lastResult?.initialValue ?? {}) as Partial<Record<Name, unknown>>;
  /** What was typed before the action's reply, to put back in the field. */
  const valueOf = (name: Name) => {
    const value = values[name];
    return typeof value === "string" ? value : undefined;
  };

  /** Checks one field (on blur, or while typing once it showed an error). */
  function checkField(form: HTMLFormElement, name: string) {
    if (!(fields as readonly string[]).includes(name)) return;
    if (!validate.current) {
      later(form, name);
      return;
    }
    const found = validate.current(new FormData(form));
    setErrors((current) => ({ ...current, [name]: found?.[name] ?? null, "": null }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    pressingSend.current = false;
    if (!validate.current) return;
    const found = validate.current(new FormData(event.currentTarget));
    if (!found) return;
    event.preventDefault();
    setErrors(found);
    const first = fields.find((name) => found[name]?.length);
    if (first) event.currentTarget.querySelector<HTMLElement>(`#${idOf(first)}`)?.focus();
  }

  /** Spread on the `<Form>`. */
  const formProps = {
    // With JavaScript the schema's Spanish messages replace the browser's own.
    noValidate: hydrated,
    onSubmit,
    onFocus: (event: FocusEvent<HTMLFormElement>) => {
      load();
      // Back in a field (a press that did not end in a send): its blurs are checked again.
      if (!isSendButton(event.target)) pressingSend.current = false;
    },
    onPointerDown: (event: PointerEvent<HTMLFormElement>) => {
      load();
      pressingSend.current = isSendButton(event.target);
    },
    onPointerCancel: () => (pressingSend.current = false),
    onBlur: (event: FormEvent<HTMLFormElement>) => {
      if (pressingSend.current) return;
      const { name } = event.target as EventTarget & { name?: string };
      if (name) checkField(event.currentTarget, name);
    },
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const { name } = event.target as EventTarget & { name?: string };
      if (name && errors[name]?.length) checkField(event.currentTarget, name);
    },
    "aria-describedby": errors[""]?.length ? formErrorId : undefined,
  };

  /** The form-level errors, first in the form. */
  const formErrors = <FormErrors id={formErrorId} errors={errors[""] ?? undefined} />;

  return { formProps, formErrors, valueOf, fields: { prefix, errors } };
}

function isSendButton(target: EventTarget): boolean {
  return target instanceof Element && target.closest('[type="submit"]') !== null;
}

/**
 * A labelled field of a light form, with its hint and errors; `children` renders the control.
 * `form` is `useLightForm(…).fields`.
 */
export function LightField<Name extends string>({
  form,
  name,
  label,
  hint,
  children,
}: {
  form: { prefix: string; errors: Errors };
  name: Name;
  label: ReactNode;
  hint?: string;
  children: (props: FieldProps<Name>) => ReactNode;
}) {
  const id = `${form.prefix}-${name}`;
  const messages = form.errors[name];
  const invalid = Boolean(messages?.length);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({
        id,
        name,
        "aria-invalid": invalid || undefined,
        "aria-describedby": describedBy || undefined,
        className: inputClass,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <ul id={errorId} className="mt-1 space-y-0.5 text-sm text-red-700">
          {messages!.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
