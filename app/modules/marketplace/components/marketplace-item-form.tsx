import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { CategoryFields } from "~/components/admin/category-fields";
import {
  AdminCheckboxField,
  AdminInputField,
  AdminSelectField,
  AdminTextareaField,
} from "~/components/admin/fields";
import { FormErrors } from "~/components/forms/form-errors";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { centsToInput } from "~/lib/decimal-input";
import type { CategoryOption } from "~/modules/catalog";
import {
  ListingFormActions,
  listingHeadingClass,
  ListingMediaSection,
  ListingPublicationSection,
} from "~/modules/catalog/admin";
import {
  MARKETPLACE_CONDITIONS,
  MARKETPLACE_INTENTS,
  marketplaceItemSchema,
} from "../admin-schemas";

/** The item being edited, as the loader sends it. */
export interface EditableMarketplaceItem {
  id: number;
  name: string;
  description: string;
  priceCents: number | null;
  marketplaceCondition: (typeof MARKETPLACE_CONDITIONS)[number];
  categoryId: number | null;
  subcategoryId: number | null;
  imageKeys: string[];
  videoUrls: string[];
  brand: string | null;
  sku: string | null;
  sellerInfo: string | null;
  isPubliclyVisible: boolean;
  isApprovedByAdmin: boolean;
  isSold: boolean;
  isFeaturedNew: boolean;
  featuredOrder: number;
}

const sectionClass = "grid gap-4 sm:grid-cols-2";
/**
 * The add/edit form of a marketplace item (spec §2, §5), in the page's AdminFormDialog. Validated
 * in the browser and by the action with `marketplaceItemSchema`; `lastResult` is the action's
 * reply to a refused submission, so the errors show and nothing typed is lost.
 */
export function MarketplaceItemForm({
  item,
  categories,
  lastResult,
  closeTo,
}: {
  item: EditableMarketplaceItem | null;
  categories: CategoryOption[];
  lastResult: SubmissionResult<string[]> | null | undefined;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === MARKETPLACE_INTENTS.save;
  // Saving waits for the images still uploading (spec §4).
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm({
    id: `marketplace-item-${item?.id ?? "nuevo"}`,
    lastResult: busy ? null : lastResult,
    defaultValue: item
      ? {
          name: item.name,
          description: item.description,
          price: centsToInput(item.priceCents),
          marketplaceCondition: item.marketplaceCondition,
          categoryId: item.categoryId === null ? "" : String(item.categoryId),
          subcategoryId: item.subcategoryId === null ? "" : String(item.subcategoryId),
          imageKeys: item.imageKeys,
          videoUrls: item.videoUrls,
          brand: item.brand ?? "",
          sku: item.sku ?? "",
          sellerInfo: item.sellerInfo ?? "",
          isPubliclyVisible: item.isPubliclyVisible,
          isApprovedByAdmin: item.isApprovedByAdmin,
          isSold: item.isSold,
          isFeaturedNew: item.isFeaturedNew,
          featuredOrder: String(item.featuredOrder),
        }
      : { isPubliclyVisible: true, featuredOrder: "0" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: marketplaceItemSchema }),
  });

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value={MARKETPLACE_INTENTS.save} />
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      <FormErrors
        id={form.errorId}
        errors={[...(form.errors ?? []), ...(fields.id.errors ?? [])]}
      />

      <section className={sectionClass} aria-labelledby={`${form.id}-basic`}>
        <h3 id={`${form.id}-basic`} className={listingHeadingClass}>
          Producto
        </h3>
        <AdminInputField label="Nombre" field={fields.name} required className="sm:col-span-2" />
        <AdminTextareaField
          label="Descripción"
          field={fields.description}
          required
          className="sm:col-span-2"
        />
        <AdminInputField label="Precio (€)" field={fields.price} inputMode="decimal" required />
        <AdminSelectField label="Condición" field={fields.marketplaceCondition} required>
          <option value="">Elige la condición…</option>
          {MARKETPLACE_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {MARKETPLACE_CONDITION_LABELS[condition]}
            </option>
          ))}
        </AdminSelectField>
        <CategoryFields
          categories={categories}
          categoryField={fields.categoryId}
          subcategoryField={fields.subcategoryId}
        />
        <AdminInputField label="Marca" field={fields.brand} />
        <AdminInputField label="SKU" field={fields.sku} />
        <AdminTextareaField
          label="Información del vendedor"
          field={fields.sellerInfo}
          rows={2}
          hint="Quién lo vende y dónde, por ejemplo «Ana R. · Valencia»."
          className="sm:col-span-2"
        />
      </section>

      <ListingMediaSection
        formId={form.id}
        imageKeys={fields.imageKeys}
        videoUrls={fields.videoUrls}
        onUploadingChange={setUploading}
      />

      <ListingPublicationSection
        formId={form.id}
        isPubliclyVisible={fields.isPubliclyVisible}
        isFeaturedNew={fields.isFeaturedNew}
        featuredOrder={fields.featuredOrder}
      >
        <AdminCheckboxField
          label="Aprobado por el administrador"
          field={fields.isApprovedByAdmin}
        />
        <AdminCheckboxField label="Marcado como vendido" field={fields.isSold} />
      </ListingPublicationSection>

      <ListingFormActions
        closeTo={closeTo}
        busy={busy}
        uploading={uploading}
        editing={item !== null}
        createLabel="Añadir producto"
      />
    </Form>
  );
}
