import type { SubmissionResult } from "@conform-to/react";
import { Send } from "~/components/icons/send";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { LIMITS } from "~/lib/constants";
import { LightField, submitButtonClass, useLightForm } from "./light-form";

/**
 * «Nombre» and «Correo electrónico» of the shop's public forms (contact, service request): the
 * same inputs, limits and autocomplete wherever a visitor tells us who they are.
 */
export function NameEmailFields({
  form,
  valueOf,
}: {
  form: { prefix: string; errors: Record<string, string[] | null | undefined> };
  valueOf: (name: "name" | "email") => string | undefined;
}) {
  return PERSON_FIELDS.map(({ name, label, type, autoComplete, maxLength }) => (
    <LightField key={name} form={form} name={name} label={label}>
      {(props) => (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          required
          maxLength={maxLength}
          defaultValue={valueOf(name)}
        />
      )}
    </LightField>
  ));
}

const PERSON_FIELDS = [
  {
    name: "name",
    label: "Nombre",
    type: "text",
    autoComplete: "name",
    maxLength: LIMITS.maxNameLength,
  },
  {
    name: "email",
    label: "Correo electrónico",
    type: "email",
    autoComplete: "email",
    maxLength: LIMITS.maxEmailLength,
  },
] as const;

/**
 * A public form (contact, service request): a light form (light-form.tsx) that posts to its
 * page without JavaScript, the action's form-level errors on top, the fields, a note on what
 * the data is used for and the send button.
 */
export function PublicForm<Name extends string>({
  action,
  form,
  lastResult,
  note,
  busy,
  sendLabel,
  children,
}: {
  action: string;
  /** `useLightForm`'s fields, prefix and validator loader (a module-level function). */
  form: Omit<Parameters<typeof useLightForm<Name>>[0], "lastResult">;
  lastResult: SubmissionResult<string[]> | undefined;
  note: ReactNode;
  busy: boolean;
  sendLabel: string;
  children: (form: ReturnType<typeof useLightForm<Name>>) => ReactNode;
}) {
  const light = useLightForm({ ...form, lastResult });
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      {...light.formProps}
      className="space-y-4"
    >
      {light.formErrors}
      {children(light)}
      <p className="text-sm text-slate-600">{note}</p>
      <SendButton busy={busy} label={sendLabel} />
    </Form>
  );
}

/** «Mensaje» of the shop's public forms: a required text area. */
export function MessageField({
  form,
  valueOf,
  rows,
  placeholder,
}: {
  form: { prefix: string; errors: Record<string, string[] | null | undefined> };
  valueOf: (name: "message") => string | undefined;
  rows: number;
  placeholder?: string;
}) {
  return (
    <LightField form={form} name="message" label="Mensaje">
      {(props) => (
        <textarea
          {...props}
          rows={rows}
          required
          placeholder={placeholder}
          defaultValue={valueOf("message")}
        />
      )}
    </LightField>
  );
}

/** The send button of the shop's public forms: «Enviando...» while it goes. */
function SendButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" disabled={busy} className={submitButtonClass}>
      <Send aria-hidden="true" className="mr-2 size-4" />
      {busy ? "Enviando..." : label}
    </button>
  );
}
