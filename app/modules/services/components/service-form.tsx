import { Lock } from "~/components/icons/lock";
import { AdminInputField, AdminSelectField } from "~/components/admin/fields";
import { InternalNotesField } from "~/components/admin/internal-notes-field";
import { LabelledOptions } from "~/components/ui/native-select";
import { centsToInput } from "~/lib/decimal-input";
import {
  ListingFormFrame,
  useListingForm,
  type EditableListing,
  type ListingFormProps,
} from "~/modules/catalog/admin";
import {
  SERVICE_INTENTS,
  SERVICE_PRICE_TYPE_OPTIONS,
  SERVICE_PRICE_TYPES,
  serviceSchema,
  type ServicePriceType,
} from "../admin-schemas";

/**
 * The service being edited, as the loader sends it: the listing's fields and its own (private
 * fields included: admins only).
 */
export interface EditableService extends EditableListing {
  priceType: ServicePriceType;
  supplier: string | null;
  purchaseLink: string | null;
  internalCostCents: number | null;
  internalNotes: string | null;
}

/**
 * The add/edit form of a service (spec §2, §5). New services start as "per service" and visible
 * (spec §3). Validated in the browser and by the action with `serviceSchema`; `lastResult` is
 * the action's reply to a refused submission.
 */
export function ServiceForm({
  service,
  categories,
  lastResult,
}: { service: EditableService | null } & ListingFormProps) {
  const listing = useListingForm({
    name: "service",
    row: service,
    schema: serviceSchema,
    intent: SERVICE_INTENTS.save,
    lastResult,
    rowValues: (service) => ({
      priceType: service.priceType,
      supplier: service.supplier ?? "",
      purchaseLink: service.purchaseLink ?? "",
      internalCost: centsToInput(service.internalCostCents),
      internalNotes: service.internalNotes ?? "",
    }),
    newValues: { priceType: "per_service" },
  });
  const { form, fields } = listing;

  return (
    <ListingFormFrame
      listing={listing}
      categories={categories}
      heading="Servicio"
      createLabel="Añadir servicio"
      mediaVariant="service"
      basics={
        <>
          <AdminInputField
            label="Precio (€)"
            field={fields.price}
            inputMode="decimal"
            hint="Vacío: «Precio a consultar»."
          />
          <AdminSelectField label="Tipo de precio" field={fields.priceType}>
            <LabelledOptions values={SERVICE_PRICE_TYPES} labels={SERVICE_PRICE_TYPE_OPTIONS} />
          </AdminSelectField>
        </>
      }
    >
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
        <InternalNotesField field={fields.internalNotes} />
      </section>
    </ListingFormFrame>
  );
}
