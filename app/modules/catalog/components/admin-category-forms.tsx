import { useSubmitting } from "~/components/forms/use-submitting";
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
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { useDialogLinks } from "~/components/admin/dialog-links";
import { NamedOptions } from "~/components/admin/fields";
import { AdminFormDialog, DialogFormButtons } from "~/components/admin/form-dialog";
import { FieldErrors, FormErrors } from "~/components/forms/field";
import { inputClassName } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { DialogState } from "~/lib/admin-dialog";
import { slugify } from "~/lib/slug";
import { cn } from "~/lib/utils";
import {
  CATEGORY_DIALOG_KIND,
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
  hint,
}: {
  name: FieldMetadata<string>;
  slug: FieldMetadata<string>;
  creating: boolean;
  fieldErrors: (field: FieldMetadata<unknown>) => string[] | undefined;
  describedBy: string | undefined;
  /** The slug's hint: what it is part of. */
  hint: string;
}) {
  const [nameValue, setNameValue] = useState(String(name.initialValue ?? ""));
  const [slugValue, setSlugValue] = useState(String(slug.initialValue ?? ""));
  const [following, setFollowing] = useState(
    creating && (slugValue === "" || slugValue === slugify(nameValue)),
  );
  const hydrated = useHydrated();
  const slugHint = (
    <>
      {/* Only said once the page's JavaScript runs: without it nothing fills the slug. */}
      {creating && hydrated ? "Se genera a partir del nombre. " : null}
      {hint}
    </>
  );

  return (
    <>
      <TextInput
        label="Nombre"
        field={name}
        value={nameValue}
        onChange={(next) => {
          setNameValue(next);
          if (following) setSlugValue(slugify(next));
        }}
        errors={fieldErrors(name as FieldMetadata<unknown>)}
        describedBy={describedBy}
        maxLength={CATEGORY_LIMITS.nameMaxLength}
      />
      <TextInput
        label="Slug"
        field={slug}
        value={slugValue}
        onChange={(next) => {
          setSlugValue(next);
          setFollowing(creating && next === slugify(nameValue));
        }}
        errors={fieldErrors(slug as FieldMetadata<unknown>)}
        describedBy={describedBy}
        hint={slugHint}
        mono
      />
    </>
  );
}

/** A controlled text input of NameAndSlug, with its label, hint and errors. */
function TextInput({
  label,
  field,
  value,
  onChange,
  errors,
  describedBy,
  hint,
  maxLength,
  mono = false,
}: {
  label: string;
  field: FieldMetadata<string>;
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
  describedBy: string | undefined;
  hint?: ReactNode;
  maxLength?: number;
  mono?: boolean;
}) {
  const hintId = `${field.id}-hint`;
  const { key, ...props } = getInputProps(field, { type: "text" });
  return (
    <div>
      <label htmlFor={field.id} className={labelClass}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        defaultValue={undefined}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={mono ? false : undefined}
        aria-describedby={
          cn(describedBy, hint ? hintId : undefined, errors?.length && field.errorId) || undefined
        }
        className={cn(inputClassName, mono && "font-mono")}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={errors} />
    </div>
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
  const busy = useSubmitting(CATEGORY_INTENTS.saveCategory);
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
        hint={
          item
            ? "La dirección de la categoría en la tienda (/productos/slug): cambiarlo cambia sus enlaces."
            : "Solo minúsculas, números, guiones y guiones bajos."
        }
      />
      <DescriptionField field={fields.description} />
      <DialogFormButtons cancelTo={closeTo} busy={busy} />
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
  const busy = useSubmitting(CATEGORY_INTENTS.saveSubcategory);
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
          <NamedOptions items={parents} empty="Elige una categoría" />
        </NativeSelect>
        <FieldErrors id={fields.categoryId.errorId} errors={parentErrors} />
      </div>
      <NameAndSlug
        name={fields.name}
        slug={fields.slug}
        creating={!item.id}
        fieldErrors={errors.fieldErrors}
        describedBy={describedBy}
        hint={
          item.id
            ? "Filtra la categoría en la tienda (/productos/categoria?sub=slug): cambiarlo cambia sus enlaces."
            : "Solo minúsculas, números, guiones y guiones bajos; único dentro de su categoría."
        }
      />
      <DescriptionField field={fields.description} />
      <DialogFormButtons cancelTo={closeTo} busy={busy} />
    </Form>
  );
}

/** The page's add/edit dialog (`?nuevo`, `?editar=12`, and with `&tipo=subcategoria`). */
export function CategoryDialogs({
  dialog,
  category,
  subcategory,
  parents,
  reply,
}: {
  dialog: DialogState;
  category: CategoryFormValues | null;
  subcategory: SubcategoryFormValues | null;
  parents: { id: number; name: string }[];
  reply: { intent?: string; result?: SubmissionResult<string[]> } | undefined;
}) {
  const { closeTo } = useDialogLinks();
  const isSubcategory = dialog?.kind === CATEGORY_DIALOG_KIND.subcategory;
  const lastResult = (intent: string) => (reply?.intent === intent ? reply.result : null);
  // An orphan's parent is no main category, nor may a preset one be: the admin picks one.
  const mainParent = (id: number | null | undefined) =>
    parents.some((parent) => parent.id === id) ? (id ?? null) : null;
  const editing = isSubcategory ? subcategory : category;
  const noun = isSubcategory ? "subcategoría" : "categoría";
  return (
    <AdminFormDialog
      open={dialog !== null}
      closeTo={closeTo}
      title={editing ? `Editar ${noun} «${editing.name}»` : `Nueva ${noun}`}
      description={
        isSubcategory
          ? subcategory
            ? "Cambia su categoría padre, nombre, slug o descripción."
            : "Una subcategoría dentro de una categoría principal."
          : category
            ? "Cambia el nombre, el slug o la descripción de la categoría."
            : "Una categoría principal de la tienda: aparecerá en la lista de categorías."
      }
    >
      {isSubcategory ? (
        <SubcategoryForm
          key={subcategory?.id ?? `nueva-${dialog?.mode === "add" ? (dialog.parentId ?? "") : ""}`}
          lastResult={lastResult(CATEGORY_INTENTS.saveSubcategory)}
          item={
            subcategory
              ? { ...subcategory, categoryId: mainParent(subcategory.categoryId) }
              : {
                  name: "",
                  slug: "",
                  description: null,
                  categoryId: mainParent(dialog?.mode === "add" ? dialog.parentId : null),
                }
          }
          parents={parents}
          closeTo={closeTo}
        />
      ) : (
        <CategoryForm
          key={category?.id ?? "nueva"}
          lastResult={lastResult(CATEGORY_INTENTS.saveCategory)}
          item={category}
          closeTo={closeTo}
        />
      )}
    </AdminFormDialog>
  );
}
