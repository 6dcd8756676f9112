import { Send as sendIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { LIMITS } from "~/lib/constants";
import { LightField, submitButtonClass } from "./light-form";

const Send = icon(sendIcon);

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
  return (
    <>
      <LightField form={form} name="name" label="Nombre">
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
      </LightField>
      <LightField form={form} name="email" label="Correo electrónico">
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
      </LightField>
    </>
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
export function SendButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <button type="submit" disabled={busy} className={submitButtonClass}>
      <Send aria-hidden="true" className="mr-2 size-4" />
      {busy ? "Enviando..." : label}
    </button>
  );
}
