/**
 * The invoicing vocabulary (RD 1619/2012; VeriFactu: RD 1007/2023, Orden HAC/1177/2024).
 * Browser-safe: the admin forms and the documents read the same labels.
 */

/**
 * IVA rates a product may carry, in basis points; 21 % is the general rate and the default.
 * No 0 %: a sale without IVA is an exemption, which the invoice must cite (RD 1619/2012 art.
 * 6.1.j) and the record must code — not modelled yet (ADR 0026).
 */
export const VAT_RATES_BP = [2100, 1000, 400] as const;
export type VatRateBp = (typeof VAT_RATES_BP)[number];
export const DEFAULT_VAT_RATE_BP: VatRateBp = 2100;

export const VAT_RATE_LABELS: Record<VatRateBp, string> = {
  2100: "21 % (general)",
  1000: "10 % (reducido)",
  400: "4 % (superreducido)",
};

export type InvoiceKind = "simplified" | "complete" | "corrective";

/** The series letter per kind; the series is the letter and the Madrid year of issue (F2026). */
export const SERIES_LETTERS: Record<InvoiceKind, string> = {
  simplified: "F",
  complete: "C",
  corrective: "R",
};

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  simplified: "Factura simplificada",
  complete: "Factura completa",
  corrective: "Factura rectificativa",
};

/** The legal mention of a line sold under the special scheme for used goods (LIVA art. 138). */
export const USED_GOODS_MENTION = "Régimen especial de los bienes usados";

/** What an admin sees while the legal data invoices need is missing. */
export const INVOICING_BLOCKED_MESSAGE =
  "No se están emitiendo facturas: faltan los datos legales de la empresa (razón social, NIF/CIF y dirección). Complétalos en Configuración; los pedidos pagados mientras tanto recibirán su factura en cuanto los guardes.";
