import type { ListingRow } from "../admin-listing-fields";
import { useSubmitting } from "~/components/forms/use-submitting";
import { getFormProps, useForm, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { CategoryFields, type CategoryOption } from "~/components/admin/category-fields";
import { useDialogLinks } from "~/components/admin/dialog-links";
import { AdminInputField, AdminTextareaField } from "~/components/admin/fields";
import { FormErrors } from "~/components/forms/form-errors";
import type { LastResult } from "~/components/forms/schema-form";
import { centsToInput } from "~/lib/decimal-input";
import { versionOf } from "~/lib/edit-version";
import {
  ListingFormActions,
  listingHeadingClass,
  ListingMediaSection,
  ListingPublicationSection,
} from "./admin-listing-form";

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

/** The row's values of the fields both forms have, as the form's inputs hold them. */
function listingDefaultValue(row: ListingRow) {
  return {
    name: row.name,
    description: row.description,
    price: centsToInput(row.priceCents),
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
const LISTING_NEW_DEFAULTS = { isPubliclyVisible: true, featuredOrder: "0" } as const;

/**
 * The form's state: Conform's form and fields (the row's values, or a new row's), whether it is
 * saving, its uploads, and the row it edits.
 */
export function useListingForm<Schema extends z.ZodObject, Row extends EditableListing>({
  name,
  row,
  schema,
  intent,
  lastResult,
  rowValues,
  newValues,
}: {
  /** The form's id before the row's ("service" → "service-12", or "service-nuevo"). */
  name: string;
  /** The row being edited, null when adding. */
  row: Row | null;
  schema: Schema;
  intent: string;
  lastResult: LastResult;
  /** The row's values of the form's own fields, as its inputs hold them. */
  rowValues: (row: Row) => Record<string, unknown>;
  /** A new row's values of the form's own fields, when not empty. */
  newValues?: Record<string, unknown>;
}) {
  const busy = useSubmitting(intent, { untilLoaded: true });
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: `${name}-${row?.id ?? "nuevo"}`,
    lastResult: busy ? null : lastResult,
    // The schema's fields: the shared ones (listingSchema) and the form's own.
    defaultValue: (row
      ? { ...listingDefaultValue(row), ...rowValues(row) }
      : { ...LISTING_NEW_DEFAULTS, ...newValues }) as FormOptions<Schema>["defaultValue"],
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { form, fields, intent, busy, uploading, setUploading, row: row ?? undefined };
}

type CommonField =
  | "id"
  | "name"
  | "description"
  | "categoryId"
  | "subcategoryId"
  | "imageKeys"
  | "videoUrls"
  | "isPubliclyVisible"
  | "isFeaturedNew"
  | "featuredOrder";

/**
 * The `<form>`: its intent and id, the form's errors, then the sections: the first one (its
 * heading, Nombre, Descripción, the form's `basics`, then Categoría and Subcategoría),
 * "Imágenes y vídeos", the form's own
 * (`children`), "Publicación" (with the form's `publication` boxes), and Cancelar/save.
 */
export function ListingFormFrame<
  Schema extends Record<string, unknown>,
  V extends Record<CommonField, unknown>,
>({
  listing: { form, fields, intent, busy, uploading, setUploading, row },
  categories,
  heading,
  createLabel,
  basics,
  publication,
  mediaVariant,
  children,
}: {
  listing: {
    form: FormMetadata<Schema, string[]>;
    fields: { [K in CommonField]: Field<V[K]> };
    intent: string;
    busy: boolean;
    uploading: boolean;
    setUploading: (uploading: boolean) => void;
    /** The row being edited (its id and last change, the form's version); undefined when adding. */
    row: { id: number; version: number } | undefined;
  };
  categories: CategoryOption[];
  heading: string;
  createLabel: string;
  basics: ReactNode;
  publication?: ReactNode;
  mediaVariant?: "service";
  children?: ReactNode;
}) {
  const { closeTo } = useDialogLinks();
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value={intent} />
      {row === undefined ? null : (
        <>
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="version" value={versionOf(row.version)} />
        </>
      )}
      <FormErrors
        id={form.errorId}
        errors={[...(form.errors ?? []), ...(fields.id.errors ?? [])]}
      />
      <section className="grid gap-4 sm:grid-cols-2" aria-labelledby={`${form.id}-basic`}>
        <h3 id={`${form.id}-basic`} className={listingHeadingClass}>
          {heading}
        </h3>
        <AdminInputField label="Nombre" field={fields.name} required className="sm:col-span-2" />
        <AdminTextareaField
          label="Descripción"
          field={fields.description}
          required
          className="sm:col-span-2"
        />
        {basics}
        <CategoryFields
          categories={categories}
          categoryField={fields.categoryId}
          subcategoryField={fields.subcategoryId}
        />
      </section>
      <ListingMediaSection
        formId={form.id}
        imageKeys={fields.imageKeys}
        videoUrls={fields.videoUrls}
        onUploadingChange={setUploading}
        variant={mediaVariant}
      />
      {children}
      <ListingPublicationSection
        formId={form.id}
        isPubliclyVisible={fields.isPubliclyVisible}
        isFeaturedNew={fields.isFeaturedNew}
        featuredOrder={fields.featuredOrder}
      >
        {publication}
      </ListingPublicationSection>
      <ListingFormActions
        closeTo={closeTo}
        busy={busy}
        uploading={uploading}
        editing={row !== undefined}
        createLabel={createLabel}
      />
    </Form>
  );
}

/** The row a listing form edits, as the loader sends it: the catalogue's fields and its own. */
export interface EditableListing extends ListingRow {
  id: number;
  /** Its edit version, which the form carries (lib/edit-version.ts). */
  version: number;
}

/** What the page gives a listing form besides its row. */
export interface ListingFormProps {
  categories: CategoryOption[];
  /** The action's reply to a refused submission. */
  lastResult: LastResult;
}
