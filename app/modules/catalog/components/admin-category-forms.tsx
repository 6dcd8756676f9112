import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FieldErrors, FormErrors } from "~/components/forms/field";
import { Button, buttonVariants } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useHydrated } from "~/components/ui/use-hydrated";
import { slugify } from "~/lib/slug";
import { cn } from "~/lib/utils";
import {
  CATEGORY_INTENTS,
  CATEGORY_LIMITS,
  CATEGORY_MESSAGES,
  categorySchema,
  subcategorySchema,
} from "../admin-category-schemas";

/*
 * The add/edit forms of /admin/categorias, shown in AdminFormDialog. Same zod schema as the
 * action; the server adds the uniqueness checks and answers with the errors on the fields.
 */

const REQUIRED_MESSAGES: readonly string[] = [
  CATEGORY_MESSAGES.categoryRequired,
  CATEGORY_MESSAGES.subcategoryRequired,
];

/** The one "required" message of spec §5 is said once, for the form; other errors per field. */
function splitErrors(fields: FieldMetadata<unknown>[], formErrors: string[] | undefined) {
  const all = fields.flatMap((field) => field.errors ?? []);
  const required = [...new Set(all.filter((error) => REQUIRED_MESSAGES.includes(error)))];
  return {
    formErrors: [...(formErrors ?? []), ...required],
    fieldErrors: (field: FieldMetadata<unknown>) =>
      field.errors?.filter((error) => !REQUIRED_MESSAGES.includes(error)),
  };
}

const labelClass = "mb-1 block text-sm font-medium text-slate-800";

/**
 * Name and slug. For a new item the slug follows the name (spec §5: lower case, spaces to
 * hyphens, only letters, digits, _ and -, accents folded) for as long as it still equals the
 * generated one; once edited by hand it stays. An existing item's slug never changes by
 * itself (it is part of the storefront's addresses).
 */
function NameAndSlug({
  name,
  slug,
  creating,
  fieldErrors,
  describedBy,
  slugHint,
}: {
  name: FieldMetadata<string>;
  slug: FieldMetadata<string>;
  creating: boolean;
  fieldErrors: (field: FieldMetadata<unknown>) => string[] | undefined;
  describedBy: string | undefined;
  slugHint: string;
}) {
  const [nameValue, setNameValue] = useState(String(name.initialValue ?? ""));
  const [slugValue, setSlugValue] = useState(String(slug.initialValue ?? ""));
  const [following, setFollowing] = useState(
    creating && (slugValue === "" || slugValue === slugify(nameValue)),
  );
  const nameErrors = fieldErrors(name as FieldMetadata<unknown>);
  const slugErrors = fieldErrors(slug as FieldMetadata<unknown>);
  const slugHintId = `${slug.id}-hint`;
  const hydrated = useHydrated();
  const { key: nameKey, ...nameProps } = getInputProps(name, { type: "text" });
  const { key: slugKey, ...slugProps } = getInputProps(slug, { type: "text" });

  return (
    <>
      <div>
        <label htmlFor={name.id} className={labelClass}>
          Nombre
        </label>
        <input
          key={nameKey}
          {...nameProps}
          defaultValue={undefined}
          value={nameValue}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setNameValue(next);
            if (following) setSlugValue(slugify(next));
          }}
          maxLength={CATEGORY_LIMITS.nameMaxLength}
          autoComplete="off"
          aria-describedby={cn(describedBy, nameErrors?.length && name.errorId) || undefined}
          className={inputClassName}
        />
        <FieldErrors id={name.errorId} errors={nameErrors} />
      </div>
      <div>
        <label htmlFor={slug.id} className={labelClass}>
          Slug
        </label>
        <input
          key={slugKey}
          {...slugProps}
          defaultValue={undefined}
          value={slugValue}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setSlugValue(next);
            setFollowing(creating && next === slugify(nameValue));
          }}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={
            cn(describedBy, slugHintId, slugErrors?.length && slug.errorId) || undefined
          }
          className={cn(inputClassName, "font-mono")}
        />
        <p id={slugHintId} className="mt-1 text-sm text-slate-600">
          {/* Only said once the page's JavaScript runs: without it nothing fills the slug. */}
          {creating && hydrated ? "Se genera a partir del nombre. " : null}
          {slugHint}
        </p>
        <FieldErrors id={slug.errorId} errors={slugErrors} />
      </div>
    </>
  );
}

function DescriptionField({ field }: { field: FieldMetadata<string | null> }) {
  const { key, ...props } = getTextareaProps(field as FieldMetadata<string>);
  return (
    <div>
      <label htmlFor={field.id} className={labelClass}>
        Descripción <span className="font-normal text-slate-600">(opcional)</span>
      </label>
      <textarea
        key={key}
        {...props}
        rows={3}
        maxLength={CATEGORY_LIMITS.descriptionMaxLength}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40 aria-invalid:border-red-600 md:text-sm"
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function FormButtons({ closeTo, busy }: { closeTo: string; busy: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
        Cancelar
      </Link>
      <Button type="submit" disabled={busy}>
        {busy ? "Guardando..." : "Guardar"}
      </Button>
    </div>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export interface CategoryFormValues {
  id?: number;
  name: string;
  slug: string;
  description: string | null;
}

export function CategoryForm({
  lastResult,
  item,
  closeTo,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The category being edited; none to create one. */
  item: CategoryFormValues | null;
  closeTo: string;
}) {
  const busy = useBusy(CATEGORY_INTENTS.saveCategory);
  const [form, fields] = useForm({
    id: `formulario-categoria-${item?.id ?? "nueva"}`,
    lastResult: busy ? null : lastResult,
    defaultValue: item
      ? {
          itemId: String(item.id),
          name: item.name,
          slug: item.slug,
          description: item.description ?? "",
        }
      : undefined,
    constraint: getZodConstraint(categorySchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categorySchema }),
  });
  const errors = splitErrors(
    [fields.name, fields.slug, fields.description] as FieldMetadata<unknown>[],
    form.errors,
  );
  const formErrorId = `${form.id}-errores`;

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={CATEGORY_INTENTS.saveCategory} />
      {item ? <input type="hidden" name={fields.itemId.name} value={item.id} /> : null}
      <FormErrors id={formErrorId} errors={errors.formErrors} />
      <NameAndSlug
        name={fields.name}
        slug={fields.slug}
        creating={!item}
        fieldErrors={errors.fieldErrors}
        describedBy={errors.formErrors.length ? formErrorId : undefined}
        slugHint={
          item
            ? "La dirección de la categoría en la tienda (/productos/slug): cambiarlo cambia sus enlaces."
            : "Solo minúsculas, números, guiones y guiones bajos."
        }
      />
      <DescriptionField field={fields.description} />
      <FormButtons closeTo={closeTo} busy={busy} />
    </Form>
  );
}

export interface SubcategoryFormValues {
  id?: number;
  name: string;
  slug: string;
  description: string | null;
  /** The parent; null when it must be chosen (new, or an orphan). */
  categoryId: number | null;
}

export function SubcategoryForm({
  lastResult,
  item,
  parents,
  closeTo,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The subcategory being edited, or the new one's preset parent. */
  item: SubcategoryFormValues;
  parents: { id: number; name: string }[];
  closeTo: string;
}) {
  const busy = useBusy(CATEGORY_INTENTS.saveSubcategory);
  const [form, fields] = useForm({
    id: `formulario-subcategoria-${item.id ?? "nueva"}`,
    lastResult: busy ? null : lastResult,
    defaultValue: {
      name: item.name,
      slug: item.slug,
      description: item.description ?? "",
      categoryId: item.categoryId ? String(item.categoryId) : "",
    },
    constraint: getZodConstraint(subcategorySchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: subcategorySchema }),
  });
  const errors = splitErrors(
    [fields.name, fields.slug, fields.categoryId, fields.description] as FieldMetadata<unknown>[],
    form.errors,
  );
  const formErrorId = `${form.id}-errores`;
  const describedBy = errors.formErrors.length ? formErrorId : undefined;
  const parentErrors = errors.fieldErrors(fields.categoryId as FieldMetadata<unknown>);
  const { key: parentKey, ...parentProps } = getSelectProps(fields.categoryId);

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value={CATEGORY_INTENTS.saveSubcategory} />
      {item.id ? <input type="hidden" name={fields.itemId.name} value={item.id} /> : null}
      <FormErrors id={formErrorId} errors={errors.formErrors} />
      <div>
        <label htmlFor={fields.categoryId.id} className={labelClass}>
          Categoría padre
        </label>
        <NativeSelect
          key={parentKey}
          {...parentProps}
          aria-describedby={
            cn(describedBy, parentErrors?.length && fields.categoryId.errorId) || undefined
          }
        >
          <option value="">Elige una categoría</option>
          {parents.map((parent) => (
            <option key={parent.id} value={parent.id}>
              {parent.name}
            </option>
          ))}
        </NativeSelect>
        <FieldErrors id={fields.categoryId.errorId} errors={parentErrors} />
      </div>
      <NameAndSlug
        name={fields.name}
        slug={fields.slug}
        creating={!item.id}
        fieldErrors={errors.fieldErrors}
        describedBy={describedBy}
        slugHint={
          item.id
            ? "Filtra la categoría en la tienda (/productos/categoria?sub=slug): cambiarlo cambia sus enlaces."
            : "Solo minúsculas, números, guiones y guiones bajos; único dentro de su categoría."
        }
      />
      <DescriptionField field={fields.description} />
      <FormButtons closeTo={closeTo} busy={busy} />
    </Form>
  );
}
