import {
  getFormProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { useDialogLinks } from "~/components/admin/dialog-links";
import { AdminInputField, AdminTextareaField } from "~/components/admin/fields";
import { FormErrors } from "~/components/forms/form-errors";
import { ListingFormActions, listingHeadingClass } from "./admin-listing-form";

/*
 * The frame of the admin's marketplace-item and service forms (spec §2, §5), in the page's
 * AdminFormDialog: validated in the browser and by the action with the same schema, the
 * action's reply to a refused submission shown without losing what was typed, and saving
 * waiting for the images still uploading (spec §4).
 */

type Field<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

type FormOptions<Schema extends z.ZodObject> = Parameters<
  typeof useForm<z.input<Schema>, z.output<Schema>>
>[0];

/** The form's state: Conform's form and fields, whether it is saving, and its uploads. */
export function useListingForm<Schema extends z.ZodObject>({
  id,
  schema,
  intent,
  lastResult,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  intent: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: FormOptions<Schema>["defaultValue"];
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm({
    id,
    lastResult: busy ? null : lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { form, fields, busy, uploading, setUploading };
}

/** The `<form>`: its intent and id, the form's errors, the sections, then Cancelar/save. */
export function ListingFormFrame<Schema extends Record<string, unknown>>({
  form,
  idErrors,
  intent,
  rowId,
  busy,
  uploading,
  createLabel,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  /** The id field's errors (a tampered id), shown with the form's. */
  idErrors: string[] | undefined;
  intent: string;
  /** The row being edited; undefined when adding. */
  rowId: number | undefined;
  busy: boolean;
  uploading: boolean;
  createLabel: string;
  children: ReactNode;
}) {
  const { closeTo } = useDialogLinks();
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value={intent} />
      {rowId === undefined ? null : <input type="hidden" name="id" value={rowId} />}
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(idErrors ?? [])]} />
      {children}
      <ListingFormActions
        closeTo={closeTo}
        busy={busy}
        uploading={uploading}
        editing={rowId !== undefined}
        createLabel={createLabel}
      />
    </Form>
  );
}

/** The first section: its heading, Nombre and Descripción, then the form's own fields. */
export function ListingBasicsSection<Name, Description>({
  formId,
  heading,
  name,
  description,
  children,
}: {
  formId: string;
  heading: string;
  name: Field<Name>;
  description: Field<Description>;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-4 sm:grid-cols-2" aria-labelledby={`${formId}-basic`}>
      <h3 id={`${formId}-basic`} className={listingHeadingClass}>
        {heading}
      </h3>
      <AdminInputField label="Nombre" field={name} required className="sm:col-span-2" />
      <AdminTextareaField
        label="Descripción"
        field={description}
        required
        className="sm:col-span-2"
      />
      {children}
    </section>
  );
}

/** The row's values of the fields both forms have, as the form's inputs hold them. */
export function listingDefaultValue(row: {
  name: string;
  description: string;
  categoryId: number | null;
  subcategoryId: number | null;
  imageKeys: string[];
  videoUrls: string[];
  sku: string | null;
  isPubliclyVisible: boolean;
  isFeaturedNew: boolean;
  featuredOrder: number;
}) {
  return {
    name: row.name,
    description: row.description,
    categoryId: row.categoryId === null ? "" : String(row.categoryId),
    subcategoryId: row.subcategoryId === null ? "" : String(row.subcategoryId),
    imageKeys: row.imageKeys,
    videoUrls: row.videoUrls,
    sku: row.sku ?? "",
    isPubliclyVisible: row.isPubliclyVisible,
    isFeaturedNew: row.isFeaturedNew,
    featuredOrder: String(row.featuredOrder),
  };
}

/** A new row's values: visible, not featured (order 0). */
export const LISTING_NEW_DEFAULTS = { isPubliclyVisible: true, featuredOrder: "0" } as const;
