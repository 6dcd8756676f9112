import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Star } from "~/components/icons/star";
import { useId } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/constants";
import { cn } from "~/lib/utils";
import { REVIEW_INTENTS } from "../constants";
import { reviewSchema } from "../schemas";

const STARS = Array.from(
  { length: LIMITS.reviewStarsMax - LIMITS.reviewStarsMin + 1 },
  (_, i) => LIMITS.reviewStarsMin + i,
);

/**
 * Five radio inputs drawn as stars. Native radios keep it keyboard accessible (Tab into the
 * group, arrows choose) and working without JavaScript; CSS alone fills the stars up to the
 * checked one: a star is filled when its own radio is checked or a later one is.
 */
function StarPicker({
  field,
  describedBy,
}: {
  field: FieldMetadata<number>;
  describedBy: string | undefined;
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-800">Valoración</legend>
      <div className="flex items-center gap-1">
        {STARS.map((value) => {
          const { key, ...props } = getInputProps(field, { type: "radio", value: String(value) });
          return (
            <label
              key={value}
              className={cn(
                // Outline stars in a colour with 3:1 contrast (WCAG 1.4.11); chosen ones filled.
                "relative cursor-pointer rounded-md p-1 text-slate-500 transition-transform hover:scale-110",
                "has-checked:text-amber-600 has-checked:[&_svg]:fill-amber-400",
                "[&:has(~label_input:checked)]:text-amber-600 [&:has(~label_input:checked)_svg]:fill-amber-400",
                "has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-600",
              )}
            >
              <input
                key={key}
                {...props}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className="sr-only"
              />
              <Star aria-hidden="true" className="size-8 fill-white" />
              <span className="sr-only">{value === 1 ? "1 estrella" : `${value} estrellas`}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The review form (spec §2): stars and comment, validated by the same schema as the action. */
export function ReviewForm({
  lastResult,
  busy,
  className,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  busy: boolean;
  className?: string;
}) {
  const [form, fields] = useForm({
    lastResult: busy ? null : lastResult,
    constraint: getZodConstraint(reviewSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
  });
  const errorId = useId();
  const hintId = useId();
  // The rating and the comment share one message (spec §5): say it once, for the whole form.
  const errors = [
    ...new Set([
      ...(form.errors ?? []),
      ...(fields.rating.errors ?? []),
      ...(fields.comment.errors ?? []),
    ]),
  ];
  const describedBy = errors.length ? errorId : undefined;
  const { key: commentKey, ...commentProps } = getTextareaProps(fields.comment);

  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      className={cn("space-y-4", className)}
    >
      <input type="hidden" name="intent" value={REVIEW_INTENTS.create} />
      <FormErrors id={errorId} errors={errors} />
      <StarPicker field={fields.rating} describedBy={describedBy} />
      <div>
        <label
          htmlFor={fields.comment.id}
          className="mb-1 block text-sm font-medium text-slate-800"
        >
          Comentario
        </label>
        <textarea
          key={commentKey}
          {...commentProps}
          rows={5}
          placeholder="Cuéntanos qué tal tu experiencia con la tienda…"
          aria-invalid={fields.comment.errors?.length ? true : undefined}
          aria-describedby={cn(describedBy, hintId)}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600"
        />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          Máximo {LIMITS.reviewCommentMaxLength} caracteres.
        </p>
      </div>
      <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
        {busy ? "Publicando..." : "Publicar reseña"}
      </Button>
    </Form>
  );
}
