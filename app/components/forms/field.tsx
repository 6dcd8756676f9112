import type { FieldMetadata } from "@conform-to/react";
import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { Eye } from "~/components/icons/eye";
import { EyeOff } from "~/components/icons/eye-off";
import { cn } from "~/lib/utils";

// Also here for the forms that use the fields; a page with only the message imports form-errors.
export { FormErrors } from "./form-errors";

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

/**
 * What the fields read of a field's metadata: Conform's (`useForm`) or the light form's
 * (`useLightForm` in lazy-validation.ts), which has the same shape.
 */
export type FieldLike<Value> = Pick<
  FieldMetadata<Value>,
  "id" | "name" | "formId" | "errorId" | "descriptionId" | "errors" | "required" | "minLength"
> & {
  maxLength?: number;
  pattern?: string;
  initialValue?: unknown;
};

/**
 * Conform's `getInputProps`, for both kinds of metadata, without Conform's helpers module in
 * the pages' first load (ADR 0007): same attributes, same rules.
 */
export function inputPropsOf(
  field: FieldLike<unknown>,
  type: "text" | "email" | "password" | "checkbox",
) {
  const invalid = typeof field.errors !== "undefined";
  const props: Record<string, unknown> = {
    id: field.id,
    name: field.name,
    form: field.formId,
    required: field.required || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
    type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    pattern: field.pattern,
  };
  if (type === "checkbox") {
    props.value = "on";
    props.defaultChecked = field.initialValue === "on";
  } else if (typeof field.initialValue === "string") {
    props.defaultValue = field.initialValue;
  }
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props as InputHTMLAttributes<HTMLInputElement>;
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A labelled input bound to a Conform field, with its errors announced. */
export function TextField({
  label,
  field,
  type = "text",
  hint,
  wide,
  ...rest
}: {
  label: ReactNode;
  field: FieldLike<string>;
  type?: "text" | "email" | "password";
  hint?: string;
  /** Spans both columns of a two-column form grid. */
  wide?: boolean;
  autoComplete?: string;
  placeholder?: string;
  /** A fuller accessible name than the visible label (it must start with the label's text). */
  "aria-label"?: string;
}) {
  const [visible, setVisible] = useState(false);
  const hintId = useId();
  const isPassword = type === "password";
  const props = inputPropsOf(field, type);
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          {...props}
          {...rest}
          type={isPassword && visible ? "text" : type}
          aria-describedby={
            cn(field.errors?.length ? field.errorId : undefined, hint ? hintId : undefined) ||
            undefined
          }
          className={cn(inputClass, isPassword && "pr-11")}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? "Ocultar contraseña" : "Mostrar contraseña"}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900"
          >
            {visible ? (
              <EyeOff className="size-5" aria-hidden />
            ) : (
              <Eye className="size-5" aria-hidden />
            )}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxField({
  field,
  children,
}: {
  field: FieldLike<boolean | undefined>;
  children: ReactNode;
}) {
  const props = inputPropsOf(field, "checkbox");
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          {...props}
          className="mt-1 size-4 shrink-0 rounded border-slate-400 accent-brand-600"
        />
        <label htmlFor={field.id} className="text-sm text-slate-800">
          {children}
        </label>
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export const primaryButtonClass =
  "inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70";
