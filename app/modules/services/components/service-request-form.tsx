import type { SubmissionResult } from "@conform-to/react";
import { Send as sendIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { useState, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { useDeferredValidator } from "~/components/forms/deferred-validator";
import { FormErrors } from "~/components/forms/form-errors";
import { useHydrated } from "~/components/ui/use-hydrated";
import { LIMITS } from "~/lib/constants";
import { cn } from "~/lib/utils";
import { addDays } from "../request-constants";

const Send = icon(sendIcon);

/*
 * 'Solicitar este servicio'. The server renders a plain form that posts to the service page's
 * action (works without JavaScript) and shows the action's reply: the values typed and the
 * errors of the one schema (request-schemas.ts). In the browser, the same schema checks each
 * field on blur and the whole form before sending; its code (zod) loads on the form's first
 * focus or touch, not with the page (ADR 0007, ADR 0013). Until it is there the server checks.
 */

type Validate = (formData: FormData) => Record<string, string[]> | null;
type Errors = Record<string, string[] | null | undefined>;

const FIELDS = ["name", "email", "phone", "preferredDate", "message"] as const;
type FieldName = (typeof FIELDS)[number];

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";
const labelClass = "mb-1 block text-sm font-medium text-slate-800";
const optional = <span className="font-normal text-slate-600"> (opcional)</span>;

const idOf = (name: FieldName) => `solicitud-${name}`;
const errorIdOf = (name: FieldName) => `solicitud-${name}-error`;

const loadServiceValidator = (): Promise<Validate> =>
  import("../request-validation").then((module) => module.validateServiceRequest);

function Field({
  name,
  label,
  errors,
  children,
}: {
  name: FieldName;
  label: ReactNode;
  errors: Errors;
  children: (props: {
    id: string;
    name: FieldName;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    className: string;
  }) => ReactNode;
}) {
  const messages = errors[name];
  const invalid = Boolean(messages?.length);
  return (
    <div>
      <label htmlFor={idOf(name)} className={labelClass}>
        {label}
      </label>
      {children({
        id: idOf(name),
        name,
        "aria-invalid": invalid || undefined,
        "aria-describedby": invalid ? errorIdOf(name) : undefined,
        className: inputClass,
      })}
      {invalid ? (
        <ul id={errorIdOf(name)} className="mt-1 space-y-0.5 text-sm text-red-700">
          {messages!.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** `today` is the shop's date (Europe/Madrid), the earliest preferred date. */
export function ServiceRequestForm({
  action,
  lastResult,
  busy,
  today,
}: {
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  today: string;
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
    loadServiceValidator,
    (_validator, form, names) => {
      for (const name of names) checkField(form, name);
    },
  );

  const values = (lastResult?.initialValue ?? {}) as Partial<Record<FieldName, unknown>>;
  const valueOf = (name: FieldName) => {
    const value = values[name];
    return typeof value === "string" ? value : undefined;
  };

  /** Checks one field (on blur, or while typing once it showed an error). */
  function checkField(form: HTMLFormElement, name: string) {
    if (!(FIELDS as readonly string[]).includes(name)) return;
    if (!validate.current) {
      later(form, name);
      return;
    }
    const found = validate.current(new FormData(form));
    setErrors((current) => ({ ...current, [name]: found?.[name] ?? null, "": null }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!validate.current) return;
    const found = validate.current(new FormData(event.currentTarget));
    if (!found) return;
    event.preventDefault();
    setErrors(found);
    const first = FIELDS.find((name) => found[name]?.length);
    if (first) event.currentTarget.querySelector<HTMLElement>(`#${idOf(first)}`)?.focus();
  }

  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      // With JavaScript the schema's Spanish messages replace the browser's own.
      noValidate={hydrated}
      onSubmit={onSubmit}
      onFocus={load}
      onPointerDown={load}
      onBlur={(event) => {
        const { name } = event.target as EventTarget & { name?: string };
        if (name) checkField(event.currentTarget, name);
      }}
      onInput={(event) => {
        const { name } = event.target as EventTarget & { name?: string };
        if (name && errors[name]?.length) checkField(event.currentTarget, name);
      }}
      aria-describedby={errors[""]?.length ? "solicitud-form-error" : undefined}
      className="space-y-4"
    >
      <FormErrors id="solicitud-form-error" errors={errors[""] ?? undefined} />
      <Field name="name" label="Nombre" errors={errors}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="name"
            required
            maxLength={LIMITS.maxNameLength}
            defaultValue={valueOf("name")}
          />
        )}
      </Field>
      <Field name="email" label="Correo electrónico" errors={errors}>
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.maxEmailLength}
            defaultValue={valueOf("email")}
          />
        )}
      </Field>
      <Field name="phone" label={<>Teléfono{optional}</>} errors={errors}>
        {(props) => (
          <input
            {...props}
            type="tel"
            autoComplete="tel"
            placeholder="612 345 678"
            defaultValue={valueOf("phone")}
          />
        )}
      </Field>
      <Field name="preferredDate" label={<>Fecha preferida{optional}</>} errors={errors}>
        {(props) => (
          <input
            {...props}
            type="date"
            min={today}
            max={addDays(today, LIMITS.serviceRequestMaxDaysAhead)}
            defaultValue={valueOf("preferredDate")}
          />
        )}
      </Field>
      <Field name="message" label="Mensaje" errors={errors}>
        {(props) => (
          <textarea
            {...props}
            rows={5}
            required
            placeholder="Cuéntanos qué necesitas, dónde y cualquier detalle que nos ayude a preparar el presupuesto."
            defaultValue={valueOf("message")}
          />
        )}
      </Field>
      <p className="text-sm text-slate-600">
        Usaremos estos datos solo para responder a tu solicitud.
      </p>
      <button
        type="submit"
        disabled={busy}
        className={cn(
          "inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto",
        )}
      >
        <Send aria-hidden="true" className="mr-2 size-4" />
        {busy ? "Enviando..." : "Enviar solicitud"}
      </button>
    </Form>
  );
}
