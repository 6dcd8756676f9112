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

/** The hint and the errors that follow every control. */
function FieldNotes<Schema>({ field, hint }: { field: Field<Schema>; hint?: ReactNode }) {
  return (
    <>
      <Hint id={field.descriptionId}>{hint}</Hint>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </>
  );
}

/** What every labelled control takes. */
type FrameProps<Schema> = {
  label: ReactNode;
  field: Field<Schema>;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
};

/** A control with its label above (marked when required), then its hint and errors. */
function LabelledField<Schema>({
  label,
  field,
  hint,
  required,
  className,
  children,
}: FrameProps<Schema> & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className={labelClass}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      <FieldNotes field={field} hint={hint} />
    </div>
  );
}

/** The state a control announces: invalid when the field has errors, described by its notes. */
function ariaState<Schema>(field: Field<Schema>, hint: unknown) {
  return {
    "aria-invalid": field.errors?.length ? true : undefined,
    "aria-describedby": describedBy(field, hint),
  } as const;
}

/** A labelled control's `required` (the page's or the schema's) and its announced state. */
function controlState<Schema>(frame: FrameProps<Schema>, schemaRequired: boolean | undefined) {
  return {
    required: frame.required || schemaRequired || undefined,
    ...ariaState(frame.field, frame.hint),
  };
}

/** Parts a component's props into the frame's and the control's own attributes. */
function splitFrame<Schema, Rest>({
  label,
  field,
  hint,
  required = false,
  className,
  ...control
}: FrameProps<Schema> & Rest): [FrameProps<Schema>, Omit<Rest, keyof FrameProps<Schema>>] {
  return [{ label, field, hint, required, className }, control];
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
  type = "text",
  ...props
}: FrameProps<Schema> & {
  type?: "text" | "number" | "url" | "tel";
  step?: string;
  min?: string;
  inputMode?: "decimal" | "numeric" | "text" | "url";
  placeholder?: string;
  autoComplete?: string;
}) {
  const [frame, attributes] = splitFrame(props);
  const { key, ...conform } = getInputProps(frame.field, { type, ariaAttributes: false });
  return (
    <LabelledField {...frame}>
      <input
        key={key}
        {...conform}
        {...attributes}
        {...controlState(frame, conform.required)}
        className={inputClassName}
      />
    </LabelledField>
  );
}

export function AdminTextareaField<Schema>({
  rows = 4,
  ...props
}: FrameProps<Schema> & { rows?: number }) {
  const [frame] = splitFrame(props);
  const { key, ...conform } = getTextareaProps(frame.field, { ariaAttributes: false });
  return (
    <LabelledField {...frame}>
      <textarea
        key={key}
        {...conform}
        rows={rows}
        {...controlState(frame, conform.required)}
        className={cn(inputClassName, "h-auto min-h-20")}
      />
    </LabelledField>
  );
}

/** A native select; `children` are its `<option>`s. Uncontrolled unless `value`/`onChange` are given. */
export function AdminSelectField<Schema>(
  props: FrameProps<Schema> & {
    children: ReactNode;
    value?: string;
    onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
    disabled?: boolean;
  },
) {
  const [frame, { children, ...attributes }] = splitFrame(props);
  const controlled = attributes.value !== undefined;
  const { key, ...conform } = getSelectProps(frame.field, {
    ariaAttributes: false,
    value: !controlled,
  });
  return (
    <LabelledField {...frame}>
      <NativeSelect
        key={key}
        {...conform}
        {...attributes}
        {...controlState(frame, conform.required)}
      >
        {children}
      </NativeSelect>
    </LabelledField>
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
          {...ariaState(field, hint)}
          className={cn("mt-0.5", checkboxClassName)}
        />
        <label htmlFor={field.id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldNotes field={field} hint={hint} />
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
