/*
 * The admin's marketplace forms (spec §2, §5), browser-safe: the dialog validates with these
 * schemas and the action parses with the same ones.
 */
import { z } from "zod";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import {
  centsField,
  checkboxField,
  optionalCentsField,
  optionalTextField,
  rowIdField,
} from "~/lib/form-fields";
import { LISTING_LENGTHS, listingMessages, listingSchema } from "~/modules/catalog/admin";

export const MARKETPLACE_ADMIN_PATH = "/admin/marketplace-productos";

export const MARKETPLACE_INTENTS = {
  save: "save",
  approval: "approval",
  delete: "delete",
} as const;

export const MARKETPLACE_CONDITIONS = Object.keys(MARKETPLACE_CONDITION_LABELS) as [
  keyof typeof MARKETPLACE_CONDITION_LABELS,
  ...(keyof typeof MARKETPLACE_CONDITION_LABELS)[],
];

export const MARKETPLACE_CONDITION_REQUIRED = "La condición del Marketplace es obligatoria.";

/** Spec §8 texts (title "Éxito") and ours where the spec has none. */
export const MARKETPLACE_MESSAGES = {
  ...listingMessages("producto del Marketplace"),
  approved: "Producto aprobado.",
  disapproved: "Producto desaprobado.",
  approvalFailed: "No se pudo cambiar el estado de aprobación.",
  soldChangedMeanwhile: (sold: boolean) =>
    sold
      ? "Ahora está vendido. Revisa esta casilla antes de guardar otra vez."
      : "Ahora está a la venta, no vendido. Revisa esta casilla antes de guardar otra vez.",
  purchasePriceRequired:
    "Indica el precio de compra: el régimen de bienes usados tributa por el margen entre la venta y la compra.",
} as const;

const LENGTHS = { short: LISTING_LENGTHS.short, sellerInfo: 500 } as const;

/** The add/edit dialog: with an id it updates that item, without one it adds a new one (spec §4). */
export const marketplaceItemSchema = listingSchema({
  price: centsField("El precio"),
  marketplaceCondition: z.enum(MARKETPLACE_CONDITIONS, { error: MARKETPLACE_CONDITION_REQUIRED }),
  brand: optionalTextField(
    LENGTHS.short,
    `La marca no puede superar los ${LENGTHS.short} caracteres.`,
  ),
  sellerInfo: optionalTextField(
    LENGTHS.sellerInfo,
    `La información del vendedor no puede superar los ${LENGTHS.sellerInfo} caracteres.`,
  ),
  isApprovedByAdmin: checkboxField,
  isSold: checkboxField,
  /**
   * Sold under the special scheme for used goods (REBU, LIVA arts. 135–139): only for an item
   * the shop bought itself; its invoice line shows no separate IVA.
   */
  usedGoodsScheme: checkboxField,
  /** What the shop paid for it (the REBU margin's cost): private, admin only. */
  purchasePrice: optionalCentsField("El precio de compra"),
}).superRefine((value, ctx) => {
  if (value.usedGoodsScheme && value.purchasePrice === null) {
    ctx.addIssue({
      code: "custom",
      path: ["purchasePrice"],
      message: MARKETPLACE_MESSAGES.purchasePriceRequired,
    });
  }
});
export type MarketplaceItemInput = Omit<z.output<typeof marketplaceItemSchema>, "id">;

/** The row's Aprobar/Desaprobar button: which item, and the state it asks for. */
export const approvalSchema = z.object({
  id: rowIdField,
  approved: z.enum(["true", "false"]).transform((value) => value === "true"),
});
