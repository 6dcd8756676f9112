/**
 * The admin product form (spec §3 Product fields, §5 product form rules) and the product
 * table's URL parameters. Browser-safe: the dialog's form validates with the same schema
 * the action parses with; server-only checks (unique SKU, category and subcategory that
 * exist and belong together) are added on top by the action.
 */
import { z } from "zod";
import { WITHDRAWAL_EXCLUSIONS, type WithdrawalExclusion } from "~/lib/withdrawal";
import { LIMITS, PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { scaledToNumeric } from "~/lib/decimal-input";
import {
  decimalField,
  isHttpUrl,
  moneyField,
  requiredTextField,
  rowIdField,
} from "~/lib/form-fields";
import { parseTableSort, SORT_PARAMS, type TableSort } from "~/lib/table-params";
import { imageKeysField } from "~/modules/media";
import { DEFAULT_VAT_RATE_BP, VAT_RATES_BP, type VatRateBp } from "~/modules/invoicing";
import { versionField } from "~/lib/edit-version";
import { formatNumber } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";

export const PRODUCT_INTENTS = { create: "create", update: "update", delete: "delete" } as const;

export const PRODUCT_CONDITIONS = ["new", "used", "refurbished"] as const;
export type ProductConditionValue = (typeof PRODUCT_CONDITIONS)[number];

/** The subcategory select's "no subcategory" value (spec §5: 'none' maps to null). */
/**
 * A product's stored fields as the admin reads them (cents, the weight's numeric text),
 * private ones included: the edit form's product and a CSV row's source add the category pair.
 */
export interface StoredProductFields {
  sku: string | null;
  name: string;
  description: string;
  priceCents: number;
  salePriceCents: number | null;
  isOnSale: boolean;
  vatRateBp: number;
  condition: ProductConditionValue;
  withdrawalExclusion: WithdrawalExclusion | null;
  brand: string | null;
  eanCode: string | null;
  color: string | null;
  sizeInfo: string | null;
  weightKg: string | null;
  videoUrl: string | null;
  stockQuantity: number;
  minimumStockLevel: number;
  isPubliclyVisible: boolean;
  isNew: boolean;
  isFeaturedNew: boolean;
  imageKeys: string[];
  supplier: string | null;
  purchaseLink: string | null;
  internalCostCents: number | null;
  internalNotes: string | null;
}

export const NO_SUBCATEGORY = "none";

export const PRODUCT_MESSAGES = {
  nameRequired: "El nombre es obligatorio.",
  nameTooLong: `El nombre no puede superar los ${LIMITS.maxProductNameLength} caracteres.`,
  descriptionRequired: "La descripción es obligatoria.",
  descriptionTooLong: `La descripción no puede superar los ${LIMITS.maxProductDescriptionLength} caracteres.`,
  priceRequired: "El precio es obligatorio.",
  priceInvalid: "Introduce un precio válido, por ejemplo 12,50.",
  salePriceRequired: "Indica el precio de oferta o desmarca «En oferta».",
  salePriceInvalid: "Introduce un precio de oferta válido, por ejemplo 9,99.",
  salePriceNotLower: "El precio de oferta debe ser menor que el precio.",
  internalCostInvalid: "Introduce un coste interno válido, por ejemplo 8,40.",
  twoDecimals: "Usa como máximo dos decimales.",
  moneyTooLarge: "El importe no puede superar 1.000.000,00 €.",
  weightInvalid: "Introduce un peso válido en kg, por ejemplo 0,25.",
  threeDecimals: "Usa como máximo tres decimales.",
  weightTooLarge: "El peso no puede superar 10.000 kg.",
  categoryRequired: "La categoría es obligatoria.",
  categoryMissing: "La categoría elegida ya no existe. Elige otra.",
  subcategoryInvalid: "Elige una subcategoría de la lista.",
  subcategoryNotInCategory: "La subcategoría elegida no pertenece a la categoría.",
  conditionInvalid: "Elige una condición de la lista.",
  withdrawalExclusionInvalid: "Elige una opción de la lista del derecho de desistimiento.",
  vatRateInvalid: "Elige un tipo de IVA de la lista.",
  stockInvalid: "El stock debe ser un número entero igual o mayor que 0.",
  minimumStockInvalid: "El stock mínimo debe ser un número entero igual o mayor que 0.",
  stockTooLarge: `El stock no puede superar ${formatNumber(LIMITS.maxStockQuantity)} unidades.`,
  eanInvalid: "El código EAN solo puede tener dígitos (entre 8 y 14).",
  skuTooLong: "El SKU no puede superar los 64 caracteres.",
  skuTaken: (sku: string) => `Ya existe otro producto con el SKU «${sku}». El SKU debe ser único.`,
  urlInvalid: "Introduce una dirección web válida que empiece por https:// o http://.",
  textTooLong: `Este campo no puede superar los ${LIMITS.maxShortTextLength} caracteres.`,
  changedMeanwhile:
    "Este producto ha cambiado mientras lo editabas (una venta, una devolución u otra edición) y no se ha guardado nada. Si guardas otra vez, tus datos sustituirán a los actuales; para verlos antes, cancela y vuelve a abrirlo.",
  stockChangedMeanwhile: (units: number) =>
    `El stock guardado ahora es ${formatNumber(units)}. Revisa esta cifra antes de guardar otra vez.`,
  notesTooLong: `Las notas internas no pueden superar los ${LIMITS.maxInternalNotesLength} caracteres.`,
} as const;

/** Optional trimmed text; empty becomes null. */
function optionalText(max: number, message: string = PRODUCT_MESSAGES.textTooLong) {
  return z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);
}

/** Optional http(s) address (spec §5: the purchase link is a url field); empty becomes null. */
function optionalUrl() {
  return z
    .string()
    .trim()
    .max(LIMITS.maxUrlLength, PRODUCT_MESSAGES.urlInvalid)
    .optional()
    .refine((value) => !value || isHttpUrl(value), { message: PRODUCT_MESSAGES.urlInvalid })
    .transform((value) => value || null);
}

const money = (invalid: string) =>
  moneyField(
    {
      invalid,
      decimals: PRODUCT_MESSAGES.twoDecimals,
      tooLarge: PRODUCT_MESSAGES.moneyTooLarge,
    },
    LIMITS.maxProductPriceCents,
  );

/** A whole number of units, 0 when empty (spec §5). */
function stockCount(invalid: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((text, ctx): number => {
      if (!text) return 0;
      if (!/^\d+$/.test(text)) {
        ctx.addIssue(invalid);
        return z.NEVER;
      }
      const value = Number(text);
      if (value > LIMITS.maxStockQuantity) {
        ctx.addIssue(PRODUCT_MESSAGES.stockTooLarge);
        return z.NEVER;
      }
      return value;
    });
}

/** A database id as a form sends it. */
const idText = /^[1-9]\d{0,9}$/;

export const productFormSchema = z
  .object({
    /** Present when editing. */
    id: z
      .string()
      .regex(idText)
      .optional()
      .transform((value) => (value ? Number(value) : undefined)),
    /** The product's version as the edit form showed it (lib/edit-version.ts). */
    version: versionField,
    name: requiredTextField(
      PRODUCT_MESSAGES.nameRequired,
      LIMITS.maxProductNameLength,
      PRODUCT_MESSAGES.nameTooLong,
    ),
    description: requiredTextField(
      PRODUCT_MESSAGES.descriptionRequired,
      LIMITS.maxProductDescriptionLength,
      PRODUCT_MESSAGES.descriptionTooLong,
    ),
    price: money(PRODUCT_MESSAGES.priceInvalid).transform((value, ctx): number => {
      if (value === null) {
        ctx.addIssue(PRODUCT_MESSAGES.priceRequired);
        return z.NEVER;
      }
      return value;
    }),
    /**
     * The IVA rate in basis points (RD 1619/2012 art. 6.1.g): copied onto each order line at
     * purchase, so a later change never alters an order or its invoice. 21 % by default.
     */
    vatRateBp: z
      .enum(VAT_RATES_BP.map(String) as [`${VatRateBp}`, ...`${VatRateBp}`[]], {
        error: PRODUCT_MESSAGES.vatRateInvalid,
      })
      .default(`${DEFAULT_VAT_RATE_BP}`)
      .transform((value) => Number(value) as VatRateBp),
    isOnSale: z.boolean().default(false),
    /** Only used when on sale (the field is shown only then); otherwise stored as null. */
    salePrice: money(PRODUCT_MESSAGES.salePriceInvalid),
    categoryId: z
      .string({ error: PRODUCT_MESSAGES.categoryRequired })
      .regex(idText, PRODUCT_MESSAGES.categoryRequired)
      .transform(Number),
    subcategoryId: z
      .string()
      .optional()
      .refine((value) => !value || value === NO_SUBCATEGORY || idText.test(value), {
        message: PRODUCT_MESSAGES.subcategoryInvalid,
      })
      .transform((value) => (!value || value === NO_SUBCATEGORY ? null : Number(value))),
    condition: z
      .enum(PRODUCT_CONDITIONS, { error: PRODUCT_MESSAGES.conditionInvalid })
      .default("new"),
    /** «Derecho de desistimiento»: "" when the right applies; else its exception (art. 103). */
    withdrawalExclusion: z
      .enum(["", ...WITHDRAWAL_EXCLUSIONS], { error: PRODUCT_MESSAGES.withdrawalExclusionInvalid })
      .default("")
      .transform((value) => (value === "" ? null : value)),
    brand: optionalText(LIMITS.maxShortTextLength),
    eanCode: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || /^\d{8,14}$/.test(value), {
        message: PRODUCT_MESSAGES.eanInvalid,
      })
      .transform((value) => value || null),
    sku: optionalText(64, PRODUCT_MESSAGES.skuTooLong),
    color: optionalText(LIMITS.maxShortTextLength),
    sizeInfo: optionalText(LIMITS.maxShortTextLength),
    /** Kilograms with up to 3 decimals, as the numeric column's text ("0.189"); null when empty. */
    weightKg: decimalField(3, LIMITS.maxProductWeightGrams, {
      invalid: PRODUCT_MESSAGES.weightInvalid,
      decimals: PRODUCT_MESSAGES.threeDecimals,
      tooLarge: PRODUCT_MESSAGES.weightTooLarge,
    }).transform((grams) => (grams === null ? null : scaledToNumeric(grams, 3))),
    videoUrl: optionalUrl(),
    stockQuantity: stockCount(PRODUCT_MESSAGES.stockInvalid),
    minimumStockLevel: stockCount(PRODUCT_MESSAGES.minimumStockInvalid),
    isPubliclyVisible: z.boolean().default(false),
    isNew: z.boolean().default(false),
    isFeaturedNew: z.boolean().default(false),
    /** The image pipeline's keys, in display order (the first is the main picture). */
    imageKeys: imageKeysField,
    // Private, admin-only fields (DESIGN §4).
    supplier: optionalText(LIMITS.maxShortTextLength),
    purchaseLink: optionalUrl(),
    internalCost: money(PRODUCT_MESSAGES.internalCostInvalid),
    internalNotes: optionalText(LIMITS.maxInternalNotesLength, PRODUCT_MESSAGES.notesTooLong),
  })
  .superRefine(
    (value, ctx) => {
      if (!value.isOnSale) return;
      if (value.salePrice === null || value.salePrice === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["salePrice"],
          message: PRODUCT_MESSAGES.salePriceRequired,
        });
      } else if (typeof value.price === "number" && value.salePrice >= value.price) {
        ctx.addIssue({
          code: "custom",
          path: ["salePrice"],
          message: PRODUCT_MESSAGES.salePriceNotLower,
        });
      }
    },
    {
      // Also when other fields have errors, so that every message shows at once; not when
      // the sale price itself is already wrong.
      when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "salePrice"),
    },
  );

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** The delete button's fields. */
export const deleteProductSchema = z.object({ id: rowIdField });

// ── The product table's URL parameters ─────────────────────────────────────────────────

/** Sortable columns (`?orden=`): Spanish, like every URL of the shop. */
export const PRODUCT_SORT_COLUMNS = ["nombre", "precio", "stock", "sku", "creado"] as const;
export type ProductSortColumn = (typeof PRODUCT_SORT_COLUMNS)[number];
export const DEFAULT_PRODUCT_SORT: TableSort<ProductSortColumn> = {
  column: "creado",
  direction: "desc",
};

/** Filter parameters of /admin/productos, as the filter form names them. */
export const PRODUCT_FILTER_PARAMS = {
  q: "q",
  sku: "sku",
  supplier: "proveedor",
  category: "categoria",
  condition: "condicion",
  visibility: "visibilidad",
  onSale: "oferta",
  lowStock: "stock",
} as const;

export const VISIBILITY_OPTIONS = { visible: "Visibles", oculto: "Ocultos" } as const;

export interface AdminProductFilters {
  q?: string;
  sku?: string;
  supplier?: string;
  categoryId?: number;
  condition?: ProductConditionValue;
  visibility?: "visible" | "oculto";
  onSale?: boolean;
  lowStock?: boolean;
}

export interface AdminProductListParams {
  filters: AdminProductFilters;
  sort: TableSort<ProductSortColumn>;
  /** True when the URL chose the order; a search without one is ordered by relevance. */
  sortChosen: boolean;
  page: number;
}

const filterText = z.string().trim().max(200).optional().catch(undefined);

const filtersSchema = z.object({
  q: filterText,
  sku: filterText,
  proveedor: filterText,
  categoria: z.string().regex(idText).transform(Number).optional().catch(undefined),
  condicion: z.enum(PRODUCT_CONDITIONS).optional().catch(undefined),
  visibilidad: z.enum(["visible", "oculto"]).optional().catch(undefined),
  oferta: z.literal("si").optional().catch(undefined),
  stock: z.literal("bajo").optional().catch(undefined),
});

/**
 * The table's state from the URL. Unknown or bad values are ignored (a stale or hand-edited
 * link never breaks the page); empty fields of the filter form (sent without JavaScript) are
 * no filter.
 */
export function parseAdminProductParams(searchParams: URLSearchParams): AdminProductListParams {
  const raw = Object.fromEntries(
    [...searchParams].filter(([, value]) => value.trim() !== ""),
  ) as Record<string, string>;
  const parsed = filtersSchema.parse(raw);
  const filters: AdminProductFilters = {};
  if (parsed.q) filters.q = parsed.q;
  if (parsed.sku) filters.sku = parsed.sku;
  if (parsed.proveedor) filters.supplier = parsed.proveedor;
  if (parsed.categoria) filters.categoryId = parsed.categoria;
  if (parsed.condicion) filters.condition = parsed.condicion;
  if (parsed.visibilidad) filters.visibility = parsed.visibilidad;
  if (parsed.oferta) filters.onSale = true;
  if (parsed.stock) filters.lowStock = true;
  const sort = parseTableSort(searchParams, PRODUCT_SORT_COLUMNS, DEFAULT_PRODUCT_SORT);
  const sortChosen = PRODUCT_SORT_COLUMNS.some((c) => c === searchParams.get(SORT_PARAMS.column));
  return { filters, sort, sortChosen, page: parsePage(searchParams) };
}

export const CONDITION_OPTIONS = PRODUCT_CONDITIONS.map((value) => ({
  value,
  label: PRODUCT_CONDITION_LABELS[value],
}));
