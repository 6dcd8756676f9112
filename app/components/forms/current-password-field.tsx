import { TextField, type FieldLike } from "./field";

/** The account's present password (sign-in, and the changes it confirms), for password managers. */
export function CurrentPasswordField({
  label,
  field,
}: {
  label: string;
  field: FieldLike<string>;
}) {
  return <TextField label={label} field={field} type="password" autoComplete="current-password" />;
}
