import {
  getFormProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { FormErrors } from "./form-errors";

/** What an action answered for a form (Conform's `lastResult`). */
export type LastResult = SubmissionResult<string[]> | null | undefined;

/**
 * Conform's `useForm` for a form with one zod schema: the same schema gives the browser's
 * constraints and the client-side check. While the form is being submitted the previous answer
 * is set aside, so its errors do not come back over the new one. Fields are checked when they
 * lose focus and again as they are typed in after that, unless `validateOnBlur` is false (then
 * on submit only).
 */
export function useSchemaForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>(
  schema: Schema,
  {
    id,
    lastResult,
    busy,
    defaultValue,
    validateOnBlur = true,
  }: {
    id: string;
    lastResult: LastResult;
    busy: boolean;
    defaultValue?: DefaultValue<z.input<Schema>>;
    validateOnBlur?: boolean;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: busy ? null : lastResult,
    constraint: getZodConstraint(schema),
    ...(validateOnBlur ? { shouldValidate: "onBlur", shouldRevalidate: "onInput" } : {}),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    defaultValue,
  });
}

/**
 * A Conform form that posts to its page's action: the hidden `intent` (when the page has
 * several forms), then the form-level errors above the fields.
 */
export function SchemaForm<Shape extends Record<string, unknown>>({
  form,
  intent,
  className = "grid gap-4",
  preventScrollReset = true,
  children,
}: {
  form: FormMetadata<Shape, string[]>;
  intent?: string;
  className?: string;
  preventScrollReset?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      preventScrollReset={preventScrollReset}
      {...getFormProps(form)}
      className={className}
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}

/** A form's submit button on its own row, with its label while the form is being sent. */
export function SubmitRow({
  busy,
  label,
  busyLabel,
  disabled = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  return (
    <div>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
