import type { FieldMetadata } from "@conform-to/react";
import { useId, type ReactNode } from "react";
import { FieldErrors } from "~/components/forms/field";
import { cn } from "~/lib/utils";

/** The ARIA wiring a form control needs from its `AdminFormField`. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * One labelled field of an admin form bound to a Conform field: label, the control (any
 * input, select or textarea, given its id and ARIA attributes), an optional hint and the
 * field's errors, announced through `aria-describedby`.
 */
export function AdminFormField({
  label,
  field,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  field: Pick<FieldMetadata<unknown>, "id" | "errorId" | "errors">;
  hint?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = useId();
  const invalid = Boolean(field.errors?.length);
  const describedBy = cn(invalid && field.errorId, hint ? hintId : undefined) || undefined;
  return (
    <div className={className}>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({
        id: field.id,
        "aria-invalid": invalid || undefined,
        "aria-describedby": describedBy,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A native checkbox (sends "on" when ticked, works without JavaScript) with its label on the
 * right and its errors below, bound to a Conform field.
 */
export function AdminCheckboxField({
  field,
  label,
  hint,
}: {
  field: Pick<
    FieldMetadata<unknown>,
    "id" | "name" | "errorId" | "errors" | "key" | "initialValue"
  >;
  label: ReactNode;
  hint?: ReactNode;
}) {
  const hintId = useId();
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          key={field.key}
          type="checkbox"
          id={field.id}
          name={field.name}
          // Conform's initial value of a ticked checkbox (default or last submission) is "on".
          defaultChecked={field.initialValue === "on"}
          aria-describedby={hint ? hintId : undefined}
          className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={field.id} className="text-sm text-slate-800">
          {label}
          {hint ? (
            <span id={hintId} className="block text-xs text-slate-600">
              {hint}
            </span>
          ) : null}
        </label>
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
