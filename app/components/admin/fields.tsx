import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import type { ChangeEvent, ReactNode } from "react";
import { FieldErrors } from "~/components/forms/field";
import { Checkbox } from "~/components/ui/checkbox";
import { inputClassName } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/utils";

/*
 * Labelled admin form controls bound to a Conform field: the label, the control, an optional
 * hint and the field's errors (announced through aria-describedby). Values, ids, aria-invalid and
 * the schema's constraints (when the form passes `constraint`) come from Conform, so a failed
 * submission keeps what was typed. `required` also adds the label's mark.
 */

// A field of any form: the components only read its metadata.
type Field<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

const labelClass = "mb-1 block text-sm font-medium text-slate-800";

function describedBy(
  field: { errors?: string[]; errorId: string; descriptionId: string },
  hint: unknown,
) {
  return (
    cn(field.errors?.length ? field.errorId : undefined, hint ? field.descriptionId : undefined) ||
    undefined
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

/** Marks a label's field as required (the input itself carries `required` for assistive tech). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {" "}
      *
    </span>
  );
}

export function AdminInputField<Schema>({
  label,
  field,
  type = "text",
  hint,
  required = false,
  className,
  ...rest
}: {
  label: ReactNode;
  field: Field<Schema>;
  type?: "text" | "number" | "url" | "tel";
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  step?: string;
  min?: string;
  inputMode?: "decimal" | "numeric" | "text" | "url";
  placeholder?: string;
  autoComplete?: string;
}) {
  const { key, ...props } = getInputProps(field, { type, ariaAttributes: false });
  return (
    <div className={className}>
      <label htmlFor={field.id} className={labelClass}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        key={key}
        {...props}
        {...rest}
        required={required || props.required || undefined}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hint)}
        className={inputClassName}
      />
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function AdminTextareaField<Schema>({
  label,
  field,
  hint,
  required = false,
  rows = 4,
  className,
}: {
  label: ReactNode;
  field: Field<Schema>;
  hint?: ReactNode;
  required?: boolean;
  rows?: number;
  className?: string;
}) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: false });
  return (
    <div className={className}>
      <label htmlFor={field.id} className={labelClass}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <textarea
        key={key}
        {...props}
        rows={rows}
        required={required || props.required || undefined}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hint)}
        className={cn(inputClassName, "h-auto min-h-20")}
      />
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A native select; `children` are its `<option>`s. Uncontrolled unless `value`/`onChange` are given. */
export function AdminSelectField<Schema>({
  label,
  field,
  hint,
  required = false,
  className,
  children,
  ...rest
}: {
  label: ReactNode;
  field: Field<Schema>;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  disabled?: boolean;
}) {
  const controlled = rest.value !== undefined;
  const { key, ...props } = getSelectProps(field, { ariaAttributes: false, value: !controlled });
  return (
    <div className={className}>
      <label htmlFor={field.id} className={labelClass}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <NativeSelect
        key={key}
        {...props}
        {...rest}
        required={required || props.required || undefined}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hint)}
      >
        {children}
      </NativeSelect>
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A checkbox with its label on the right. */
export function AdminCheckboxField<Schema>({
  label,
  field,
  hint,
  checkboxClassName,
}: {
  label: ReactNode;
  field: Field<Schema>;
  hint?: ReactNode;
  /** Extra classes on the input, e.g. a marker that CSS `:has()` looks for. */
  checkboxClassName?: string;
}) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: false });
  return (
    <div>
      <div className="flex items-start gap-2">
        <Checkbox
          key={key}
          {...props}
          aria-invalid={field.errors?.length ? true : undefined}
          aria-describedby={describedBy(field, hint)}
          className={cn("mt-0.5", checkboxClassName)}
        />
        <label htmlFor={field.id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A select's options: the empty choice first (when given), then one option per row. */
export function NamedOptions({
  items,
  empty,
}: {
  items: readonly { id: number; name: string }[];
  empty?: string;
}) {
  return (
    <>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  );
}
