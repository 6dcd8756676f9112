import {
  AdminCheckboxField,
  AdminInputField,
  AdminSelectField,
  AdminTextareaField,
} from "~/components/admin/fields";
import { LabelledOptions } from "~/components/ui/native-select";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { centsToInput } from "~/lib/decimal-input";
import {
  ListingFormFrame,
  useListingForm,
  type EditableListing,
  type ListingFormProps,
} from "~/modules/catalog/admin";
import {
  MARKETPLACE_CONDITIONS,
  MARKETPLACE_INTENTS,
  marketplaceItemSchema,
} from "../admin-schemas";

/** The item being edited, as the loader sends it: the listing's fields and its own. */
export interface EditableMarketplaceItem extends EditableListing {
  marketplaceCondition: (typeof MARKETPLACE_CONDITIONS)[number];
  brand: string | null;
  sellerInfo: string | null;
  isApprovedByAdmin: boolean;
  isSold: boolean;
  usedGoodsScheme: boolean;
  /** Private: the admin's own dialog only. */
  purchasePriceCents: number | null;
}

/**
 * The add/edit form of a marketplace item (spec §2, §5), validated in the browser and by the
 * action with `marketplaceItemSchema`; `lastResult` is the action's reply to a refused one.
 */
export function MarketplaceItemForm({
  item,
  categories,
  lastResult,
}: { item: EditableMarketplaceItem | null } & ListingFormProps) {
  const listing = useListingForm({
    name: "marketplace-item",
    row: item,
    schema: marketplaceItemSchema,
    intent: MARKETPLACE_INTENTS.save,
    lastResult,
    rowValues: (item) => ({
      marketplaceCondition: item.marketplaceCondition,
      brand: item.brand ?? "",
      sellerInfo: item.sellerInfo ?? "",
      isApprovedByAdmin: item.isApprovedByAdmin,
      isSold: item.isSold,
      usedGoodsScheme: item.usedGoodsScheme,
      purchasePrice: centsToInput(item.purchasePriceCents),
    }),
  });
  const { fields } = listing;

  return (
    <ListingFormFrame
      listing={listing}
      categories={categories}
      heading="Producto"
      createLabel="Añadir producto"
      basics={
        <>
          <AdminInputField label="Precio (€)" field={fields.price} inputMode="decimal" required />
          <AdminSelectField label="Condición" field={fields.marketplaceCondition} required>
            <LabelledOptions
              values={MARKETPLACE_CONDITIONS}
              labels={MARKETPLACE_CONDITION_LABELS}
              empty="Elige la condición…"
            />
          </AdminSelectField>
          <AdminInputField label="Marca" field={fields.brand} />
          <AdminInputField label="SKU" field={fields.sku} />
          <AdminTextareaField
            label="Información del vendedor"
            field={fields.sellerInfo}
            rows={2}
            hint="Quién lo vende y dónde, por ejemplo «Ana R. · Valencia»."
            className="sm:col-span-2"
          />
          <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2">
            <legend className="px-1 text-sm font-semibold text-slate-900">
              Fiscalidad (solo administradores)
            </legend>
            <AdminCheckboxField
              label="Régimen especial de bienes usados (REBU)"
              field={fields.usedGoodsScheme}
              hint="Solo para artículos que la tienda ha comprado ella misma para revenderlos. La factura no desglosa el IVA: se paga sobre el margen."
            />
            <AdminInputField
              label="Precio de compra (€)"
              field={fields.purchasePrice}
              inputMode="decimal"
              hint="Lo que pagó la tienda por el artículo. Privado: nunca se muestra en la tienda. Obligatorio con REBU."
            />
          </fieldset>
        </>
      }
      publication={
        <>
          <AdminCheckboxField
            label="Aprobado por el administrador"
            field={fields.isApprovedByAdmin}
          />
          <AdminCheckboxField label="Marcado como vendido" field={fields.isSold} />
        </>
      }
    />
  );
}
