import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Lock as lockIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { CategoryFields } from "~/components/admin/category-fields";
import { AdminInputField, AdminSelectField, AdminTextareaField } from "~/components/admin/fields";
import { FormErrors } from "~/components/forms/form-errors";
import { centsToInput } from "~/lib/decimal-input";
import type { CategoryOption } from "~/modules/catalog";
import {
  ListingFormActions,
  listingHeadingClass,
  ListingMediaSection,
  ListingPublicationSection,
} from "~/modules/catalog/admin";
import {
  SERVICE_INTENTS,
  SERVICE_PRICE_TYPE_OPTIONS,
  SERVICE_PRICE_TYPES,
  serviceSchema,
  type ServicePriceType,
} from "../admin-schemas";

const Lock = icon(lockIcon);

/** The service being edited, as the loader sends it (private fields included: admins only). */
export interface EditableService {
  id: number;
  name: string;
  description: string;
  priceCents: number | null;
  priceType: ServicePriceType;
  categoryId: number | null;
  subcategoryId: number | null;
  imageKeys: string[];
  videoUrls: string[];
  supplier: string | null;
  purchaseLink: string | null;
  internalCostCents: number | null;
  sku: string | null;
  internalNotes: string | null;
  isPubliclyVisible: boolean;
  isFeaturedNew: boolean;
  featuredOrder: number;
}

/**
 * The add/edit form of a service (spec §2, §5), in the page's AdminFormDialog. New services
 * start as "per service" and visible (spec §3). Validated in the browser and by the action with
 * `serviceSchema`; `lastResult` is the action's reply to a refused submission.
 */
export function ServiceForm({
  service,
  categories,
  lastResult,
  closeTo,
}: {
  service: EditableService | null;
  categories: CategoryOption[];
  lastResult: SubmissionResult<string[]> | null | undefined;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formData?.get("intent") === SERVICE_INTENTS.save;
  // Saving waits for the images still uploading (spec §4).
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm({
    id: `service-${service?.id ?? "nuevo"}`,
    lastResult: busy ? null : lastResult,
    defaultValue: service
      ? {
          name: service.name,
          description: service.description,
          price: centsToInput(service.priceCents),
          priceType: service.priceType,
          categoryId: service.categoryId === null ? "" : String(service.categoryId),
          subcategoryId: service.subcategoryId === null ? "" : String(service.subcategoryId),
          imageKeys: service.imageKeys,
          videoUrls: service.videoUrls,
          supplier: service.supplier ?? "",
          purchaseLink: service.purchaseLink ?? "",
          internalCost: centsToInput(service.internalCostCents),
          sku: service.sku ?? "",
          internalNotes: service.internalNotes ?? "",
          isPubliclyVisible: service.isPubliclyVisible,
          isFeaturedNew: service.isFeaturedNew,
          featuredOrder: String(service.featuredOrder),
        }
      : { priceType: "per_service", isPubliclyVisible: true, featuredOrder: "0" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: serviceSchema }),
  });

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value={SERVICE_INTENTS.save} />
      {service ? <input type="hidden" name="id" value={service.id} /> : null}
      <FormErrors
        id={form.errorId}
        errors={[...(form.errors ?? []), ...(fields.id.errors ?? [])]}
      />

      <section className="grid gap-4 sm:grid-cols-2" aria-labelledby={`${form.id}-basic`}>
        <h3 id={`${form.id}-basic`} className={listingHeadingClass}>
          Servicio
        </h3>
        <AdminInputField label="Nombre" field={fields.name} required className="sm:col-span-2" />
        <AdminTextareaField
          label="Descripción"
          field={fields.description}
          required
          className="sm:col-span-2"
        />
        <AdminInputField
          label="Precio (€)"
          field={fields.price}
          inputMode="decimal"
          hint="Vacío: «Precio a consultar»."
        />
        <AdminSelectField label="Tipo de precio" field={fields.priceType}>
          {SERVICE_PRICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {SERVICE_PRICE_TYPE_OPTIONS[type]}
            </option>
          ))}
        </AdminSelectField>
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
        variant="service"
      />

      <section
        className="grid gap-4 rounded-xl border border-amber-200 bg-amber-50/60 p-4 sm:grid-cols-2"
        aria-labelledby={`${form.id}-private`}
      >
        <div className="sm:col-span-2">
          <h3
            id={`${form.id}-private`}
            className="flex items-center gap-2 text-sm font-semibold text-amber-900"
          >
            <Lock aria-hidden="true" className="size-4" />
            Detalles privados
          </h3>
          <p className="mt-1 text-sm text-amber-900">
            Solo visible para administradores: nunca se muestra en la tienda.
          </p>
        </div>
        <AdminInputField label="Proveedor" field={fields.supplier} />
        <AdminInputField
          label="Enlace de compra"
          field={fields.purchaseLink}
          type="url"
          inputMode="url"
          placeholder="https://"
        />
        <AdminInputField
          label="Coste interno (€)"
          field={fields.internalCost}
          inputMode="decimal"
        />
        <AdminInputField label="SKU" field={fields.sku} />
        <AdminTextareaField
          label="Notas internas"
          field={fields.internalNotes}
          rows={3}
          className="sm:col-span-2"
        />
      </section>

      <ListingPublicationSection
        formId={form.id}
        isPubliclyVisible={fields.isPubliclyVisible}
        isFeaturedNew={fields.isFeaturedNew}
        featuredOrder={fields.featuredOrder}
      />

      <ListingFormActions
        closeTo={closeTo}
        busy={busy}
        uploading={uploading}
        editing={service !== null}
        createLabel="Añadir servicio"
      />
    </Form>
  );
}
