import type { SubmissionResult } from "@conform-to/react";
import { Send as sendIcon } from "lucide";
import { useState, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { useDeferredValidator } from "~/components/forms/deferred-validator";
import { FormErrors } from "~/components/forms/form-errors";
import { icon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { LIMITS } from "~/lib/constants";
import { CONTACT_FIELDS, CONTACT_PATH, type ContactField } from "../contact-constants";

const Send = icon(sendIcon);

/*
 * The contact form of /contacto. The server renders a plain form that posts to the page's
 * action (works without JavaScript) and shows the action's reply: the values typed and the
 * errors of the one schema (schemas.ts). In the browser the same schema checks each field on
 * blur and the whole form before sending; its code (zod) loads on the form's first focus or
 * touch, not with the page (ADR 0007). Until it is there the server checks.
 */

type Validate = (formData: FormData) => Record<string, string[]> | null;
type Errors = Record<string, string[] | null | undefined>;

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";
const labelClass = "mb-1 block text-sm font-medium text-slate-800";
const optional = <span className="font-normal text-slate-600"> (opcional)</span>;

const idOf = (name: ContactField) => `contacto-${name}`;
const errorIdOf = (name: ContactField) => `contacto-${name}-error`;

const loadContactValidator = (): Promise<Validate> =>
  import("../validation").then((module) => module.validateContact);

function Field({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: ContactField;
  label: ReactNode;
  hint?: string;
  errors: Errors;
  children: (props: {
    id: string;
    name: ContactField;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    className: string;
  }) => ReactNode;
}) {
  const messages = errors[name];
  const invalid = Boolean(messages?.length);
  const hintId = hint ? `${idOf(name)}-hint` : undefined;
  const describedBy = [hintId, invalid ? errorIdOf(name) : undefined].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={idOf(name)} className={labelClass}>
        {label}
      </label>
      {children({
        id: idOf(name),
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
        <ul id={errorIdOf(name)} className="mt-1 space-y-0.5 text-sm text-red-700">
          {messages!.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function ContactForm({
  lastResult,
  busy,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
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
    loadContactValidator,
    (_validator, form, names) => {
      for (const name of names) checkField(form, name);
    },
  );

  const values = (lastResult?.initialValue ?? {}) as Partial<Record<ContactField, unknown>>;
  const valueOf = (name: ContactField) => {
    const value = values[name];
    return typeof value === "string" ? value : undefined;
  };

  /** Checks one field (on blur, or while typing once it showed an error). */
  function checkField(form: HTMLFormElement, name: string) {
    if (!(CONTACT_FIELDS as readonly string[]).includes(name)) return;
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
    const first = CONTACT_FIELDS.find((name) => found[name]?.length);
    if (first) event.currentTarget.querySelector<HTMLElement>(`#${idOf(first)}`)?.focus();
  }

  return (
    <Form
      method="post"
      action={CONTACT_PATH}
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
      aria-describedby={errors[""]?.length ? "contacto-form-error" : undefined}
      className="space-y-4"
    >
      <FormErrors id="contacto-form-error" errors={errors[""] ?? undefined} />
      <div className="grid gap-4 sm:grid-cols-2">
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
        <Field name="subject" label={<>Asunto{optional}</>} errors={errors}>
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={LIMITS.contactSubjectMaxLength}
              placeholder="Devolución, garantía, afiliados…"
              defaultValue={valueOf("subject")}
            />
          )}
        </Field>
        <Field
          name="orderNumber"
          label={<>Número de pedido{optional}</>}
          hint="Si tu consulta trata de un pedido."
          errors={errors}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={LIMITS.maxOrderNumberLength}
              placeholder="P-2026-7K3M9Q"
              defaultValue={valueOf("orderNumber")}
            />
          )}
        </Field>
      </div>
      <Field name="message" label="Mensaje" errors={errors}>
        {(props) => <textarea {...props} rows={6} required defaultValue={valueOf("message")} />}
      </Field>
      <p className="text-sm text-slate-600">
        Usaremos estos datos solo para responder a tu mensaje. Más información en la{" "}
        <a
          href="/politica-de-privacidad"
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          política de privacidad
        </a>
        .
      </p>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        <Send aria-hidden="true" className="mr-2 size-4" />
        {busy ? "Enviando..." : "Enviar mensaje"}
      </button>
    </Form>
  );
}
