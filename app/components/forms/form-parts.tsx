import type { ReactNode } from "react";
import { primaryButtonClass, TextField, type FieldLike } from "./field";

/** «Correo electrónico» of a Conform form (sign-in, tracking, checkout…). */
export function EmailField({ field }: { field: FieldLike<string> }) {
  return <TextField label="Correo electrónico" field={field} type="email" autoComplete="email" />;
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
