import type { ReactNode } from "react";
import { LIMITS } from "~/lib/constants";
import { primaryButtonClass, TextField, type FieldLike } from "./field";

/** «Correo electrónico» of a Conform form (sign-in, tracking, checkout…). */
export function EmailField({ field }: { field: FieldLike<string> }) {
  return <TextField label="Correo electrónico" field={field} type="email" autoComplete="email" />;
}

/**
 * A new password and its confirmation (registration, the reset link, the account's change):
 * password managers offer a strong one, the hint says the rule.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels,
  placeholder,
}: {
  password: FieldLike<string>;
  confirm: FieldLike<string>;
  /** The two fields' labels: «Nueva contraseña» and «Confirmar nueva contraseña»… */
  labels: [string, string];
  placeholder?: string;
}) {
  return (
    <>
      <TextField
        label={labels[0]}
        field={password}
        type="password"
        autoComplete="new-password"
        placeholder={placeholder}
        hint={`Al menos ${LIMITS.minPasswordLength} caracteres. Evita contraseñas comunes.`}
      />
      <TextField label={labels[1]} field={confirm} type="password" autoComplete="new-password" />
    </>
  );
}

/** A form's main button: disabled while the form is sent, saying what is happening. */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  name,
  value,
  children,
}: {
  busy: boolean;
  /** «Enviando...», «Buscando...», «Procesando...» */
  busyLabel: string;
  disabled?: boolean;
  /** The intent it sends, on a form with several buttons. */
  name?: string;
  value?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={primaryButtonClass}
      disabled={busy || disabled}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
