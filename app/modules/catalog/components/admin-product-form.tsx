import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { WITHDRAWAL_EXCLUSION_OPTIONS } from "~/lib/withdrawal";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  AdminCheckboxField,
  AdminInputField,
  AdminSelectField,
  AdminTextareaField,
} from "~/components/admin/fields";
import { InternalNotesField } from "~/components/admin/internal-notes-field";
import { FormErrors } from "~/components/forms/form-errors";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { centsToInput, numericToInput, parseScaledDecimal } from "~/lib/decimal-input";
import { versionOf } from "~/lib/edit-version";
import { ImageField } from "~/modules/media/ui";
import { DEFAULT_VAT_RATE_BP, VAT_RATE_LABELS, VAT_RATES_BP } from "~/modules/invoicing";
import {
  CONDITION_OPTIONS,
  NO_SUBCATEGORY,
  PRODUCT_INTENTS,
  productFormSchema,
  type ProductFormInput,
  type ProductFormValues,
  type StoredProductFields,
} from "../admin-product-schemas";
import { previousPriceWarning, type SavedPriceFacts } from "../omnibus";

/** What the form needs of a product being edited (the admin loader's product). */
export interface EditableProduct extends StoredProductFields {
  id: number;
  /** Its edit version, which the form carries (lib/edit-version.ts). */
  version: number;
  categoryId: number | null;
  subcategoryId: number | null;
  /** Its saved prices' Omnibus facts, for the sale warning (absent: treated as a new product). */
  priceFacts?: SavedPriceFacts;
}

export interface CategoryOption {
  id: number;
  name: string;
  subcategories: { id: number; name: string }[];
}

/** The form's starting values: a new product (spec §9 defaults) or the one being edited. */
function defaultsOf(product: EditableProduct | null): Partial<ProductFormFields> {
  if (!product) {
    return {
      condition: "new",
      vatRateBp: `${DEFAULT_VAT_RATE_BP}`,
      subcategoryId: NO_SUBCATEGORY,
      stockQuantity: "0",
      minimumStockLevel: "0",
      isPubliclyVisible: true,
      imageKeys: [],
    };
  }
  const text = (value: string | null) => value ?? "";
  return {
    id: String(product.id),
    name: product.name,
    description: product.description,
    price: centsToInput(product.priceCents),
    isOnSale: product.isOnSale,
    salePrice: centsToInput(product.salePriceCents),
    vatRateBp: String(product.vatRateBp) as ProductFormInput["vatRateBp"],
    categoryId: product.categoryId === null ? "" : String(product.categoryId),
    subcategoryId: product.subcategoryId === null ? NO_SUBCATEGORY : String(product.subcategoryId),
    condition: product.condition,
    withdrawalExclusion: product.withdrawalExclusion ?? "",
    brand: text(product.brand),
    eanCode: text(product.eanCode),
    sku: text(product.sku),
    color: text(product.color),
    sizeInfo: text(product.sizeInfo),
    weightKg: numericToInput(product.weightKg),
    videoUrl: text(product.videoUrl),
    stockQuantity: String(product.stockQuantity),
    minimumStockLevel: String(product.minimumStockLevel),
    isPubliclyVisible: product.isPubliclyVisible,
    isNew: product.isNew,
    isFeaturedNew: product.isFeaturedNew,
    imageKeys: product.imageKeys,
    supplier: text(product.supplier),
    purchaseLink: text(product.purchaseLink),
    internalCost: centsToInput(product.internalCostCents),
    internalNotes: text(product.internalNotes),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The form's fields as the browser sends them (the image keys: one hidden input each). */
type ProductFormFields = Omit<ProductFormInput, "imageKeys"> & { imageKeys?: string[] };

type TextFieldName = {
  [K in keyof ProductFormFields]-?: ProductFormFields[K] extends string | undefined ? K : never;
}[keyof ProductFormFields];

/** A plain text input of the form (none of them is auto-completed: it is the shop's data). */
interface InputSpec {
  label: string;
  hint?: string;
  inputMode?: "decimal" | "numeric";
  type?: "url";
  placeholder?: string;
  className?: string;
}

const decimal = { inputMode: "decimal" } as const;
const numeric = { inputMode: "numeric" } as const;
const url = { type: "url", placeholder: "https://" } as const;
const INPUTS: Partial<Record<TextFieldName, InputSpec>> = {
  name: { label: "Nombre", className: "sm:col-span-2" },
  brand: { label: "Marca" },
  price: { label: "Precio (€)", hint: "IVA incluido. Por ejemplo 12,50.", ...decimal },
  salePrice: { label: "Precio de oferta (€)", hint: "Menor que el precio.", ...decimal },
  stockQuantity: { label: "Stock (unidades)", ...numeric },
  minimumStockLevel: {
    label: "Stock mínimo",
    hint: "Con 0 no hay aviso de stock bajo.",
    ...numeric,
  },
  sku: { label: "SKU", hint: "Opcional; único en el catálogo." },
  eanCode: { label: "Código EAN", ...numeric },
  color: { label: "Color" },
  sizeInfo: { label: "Talla o medidas" },
  weightKg: { label: "Peso (kg)", hint: "Por ejemplo 0,25.", ...decimal },
  videoUrl: { label: "URL del vídeo", ...url },
  supplier: { label: "Proveedor" },
  purchaseLink: { label: "Enlace de compra", ...url },
  internalCost: { label: "Coste interno (€)", ...decimal },
};

function Inputs({
  fields,
  names,
}: {
  fields: ReturnType<typeof useForm<ProductFormFields, ProductFormValues>>[1];
  names: TextFieldName[];
}) {
  return names.map((name) => (
    <AdminInputField key={name} field={fields[name]} autoComplete="off" {...INPUTS[name]!} />
  ));
}

/**
 * The add/edit product form (spec §2, §5): every Product field of spec §3 but the payment
 * provider's price id. Validated in the browser with the action's schema; works without
 * JavaScript (the server validates the same, and checks that the subcategory belongs to the
 * category, which only the script-driven select guarantees).
 */
export function AdminProductForm({
  product,
  categories,
  lastResult,
  closeTo,
}: {
  product: EditableProduct | null;
  categories: CategoryOption[];
  lastResult: SubmissionResult<string[]> | null | undefined;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm<ProductFormFields, ProductFormValues>({
    id: product ? `producto-${product.id}` : "producto-nuevo",
    lastResult: submitting ? null : lastResult,
    defaultValue: defaultsOf(product),
    constraint: getZodConstraint(productFormSchema),
    // Not on blur: a message appearing as focus leaves a field would move the form under
    // the pointer, and the click that moved the focus would miss its target.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
  });
  const hydrated = useHydrated();
  // Saving waits for the uploads (spec §4).
  const [uploading, setUploading] = useState(false);

  // Spec §5: the subcategory select is disabled until a category with subcategories is
  // chosen, and goes back to 'none' when the category changes (with JavaScript; without it,
  // every subcategory is offered, grouped by category, and the server checks the pair).
  const [categoryId, setCategoryId] = useState(fields.categoryId.initialValue ?? "");
  const [subcategoryId, setSubcategoryId] = useState(
    fields.subcategoryId.initialValue ?? NO_SUBCATEGORY,
  );
  const chosenCategory = categories.find((category) => String(category.id) === categoryId);
  const subcategoryChoices = chosenCategory?.subcategories ?? [];

  // The product's images, or those of a submission the server sent back (no JavaScript).
  const submittedKeys: unknown = fields.imageKeys.initialValue;
  const initialImageKeys = (
    Array.isArray(submittedKeys) ? submittedKeys : submittedKeys ? [submittedKeys] : []
  ).filter((key): key is string => typeof key === "string");

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-5">
      <input
        type="hidden"
        name="intent"
        value={product ? PRODUCT_INTENTS.update : PRODUCT_INTENTS.create}
      />
      {product ? (
        <>
          <input type="hidden" name="id" value={product.id} />
          <input type="hidden" name="version" value={versionOf(product.version)} />
        </>
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />

      <Section title="Datos del producto">
        <Inputs fields={fields} names={["name"]} />
        <AdminTextareaField
          label="Descripción"
          field={fields.description}
          rows={5}
          className="sm:col-span-2"
        />
        <AdminSelectField
          label="Categoría"
          field={fields.categoryId}
          value={categoryId}
          onChange={(event) => {
            setCategoryId(event.target.value);
            setSubcategoryId(NO_SUBCATEGORY);
          }}
        >
          <option value="">Elige una categoría</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </AdminSelectField>
        <AdminSelectField
          label="Subcategoría"
          field={fields.subcategoryId}
          hint={
            hydrated && subcategoryChoices.length === 0
              ? chosenCategory
                ? "Esta categoría no tiene subcategorías."
                : "Elige antes una categoría con subcategorías."
              : undefined
          }
          value={subcategoryId}
          disabled={hydrated && subcategoryChoices.length === 0}
          onChange={(event) => setSubcategoryId(event.target.value)}
        >
          <option value={NO_SUBCATEGORY}>Sin subcategoría</option>
          {hydrated
            ? subcategoryChoices.map((sub) => (
                <option key={sub.id} value={sub.id}>
                  {sub.name}
                </option>
              ))
            : categories
                .filter((category) => category.subcategories.length > 0)
                .map((category) => (
                  <optgroup key={category.id} label={category.name}>
                    {category.subcategories.map((sub) => (
                      <option key={sub.id} value={sub.id}>
                        {sub.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
        </AdminSelectField>
        <AdminSelectField label="Condición" field={fields.condition}>
          {CONDITION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </AdminSelectField>
        <AdminSelectField label="Derecho de desistimiento" field={fields.withdrawalExclusion}>
          {WITHDRAWAL_EXCLUSION_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </AdminSelectField>
        <Inputs fields={fields} names={["brand"]} />
      </Section>

      <Section title="Precio y stock">
        <Inputs fields={fields} names={["price"]} />
        <AdminSelectField
          label="IVA"
          field={fields.vatRateBp}
          hint="El tipo incluido en el precio. Los pedidos ya hechos conservan el suyo."
        >
          {VAT_RATES_BP.map((rate) => (
            <option key={rate} value={rate}>
              {VAT_RATE_LABELS[rate]}
            </option>
          ))}
        </AdminSelectField>
        {/* The sale price shows only while "En oferta" is ticked (CSS, so also without JavaScript). */}
        <div className="grid gap-3 [&:has(input[name=isOnSale]:checked)_[data-sale-price]]:block">
          <AdminCheckboxField field={fields.isOnSale} label="En oferta" />
          <div data-sale-price className="hidden">
            <Inputs fields={fields} names={["salePrice"]} />
          </div>
          <SaleWarning
            price={fields.price.value}
            isOnSale={fields.isOnSale.value}
            salePrice={fields.salePrice.value}
            saved={product?.priceFacts ?? null}
          />
        </div>
        <Inputs fields={fields} names={["stockQuantity", "minimumStockLevel"]} />
      </Section>

      <Section title="Detalles">
        <Inputs
          fields={fields}
          names={["sku", "eanCode", "color", "sizeInfo", "weightKg", "videoUrl"]}
        />
      </Section>

      <div className="rounded-lg border border-slate-200 p-4">
        <ImageField
          name={fields.imageKeys.name}
          defaultKeys={initialImageKeys}
          onBusyChange={setUploading}
          errors={fields.imageKeys.errors}
        />
      </div>

      <Section title="Publicación">
        <AdminCheckboxField
          field={fields.isPubliclyVisible}
          label="Visible en la tienda"
          hint="Si no, solo lo ven los administradores."
        />
        <AdminCheckboxField field={fields.isNew} label="Novedad" hint="Aparece en Novedades." />
        <AdminCheckboxField
          field={fields.isFeaturedNew}
          label="Destacado en novedades"
          hint="Se muestra en la portada."
        />
      </Section>

      <Section title="Datos privados (solo administradores)">
        <Inputs fields={fields} names={["supplier", "purchaseLink", "internalCost"]} />
        <InternalNotesField field={fields.internalNotes} />
      </Section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancelar
        </Link>
        <Button type="submit" disabled={submitting || uploading}>
          {submitting ? "Guardando..." : product ? "Guardar cambios" : "Crear producto"}
        </Button>
      </div>
    </Form>
  );
}

/** Cents typed into a price field, or null when empty or not a price. */
function typedCents(value: unknown): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const parsed = parseScaledDecimal(value, 2);
  return parsed.ok ? parsed.value : null;
}

/**
 * The Omnibus warning under the sale fields (Ley 7/1996 art. 20): which previous price the shop
 * will strike through when it is not the regular price typed in, or that no reduction will be
 * announced. A warning, not an error: the form still saves. Follows the fields as they are typed.
 */
function SaleWarning({
  price,
  isOnSale,
  salePrice,
  saved,
}: {
  price: unknown;
  isOnSale: unknown;
  salePrice: unknown;
  saved: SavedPriceFacts | null;
}) {
  const warning = previousPriceWarning(
    {
      priceCents: typedCents(price),
      salePriceCents: typedCents(salePrice),
      isOnSale: isOnSale === "on" || isOnSale === true,
    },
    saved,
  );
  if (!warning) return null;
  return (
    <p
      role="status"
      data-omnibus-warning
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {warning}
    </p>
  );
}
