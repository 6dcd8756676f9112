// Public, browser-safe surface of the invoicing module: what other modules may import.
// Server-only: ./index.server.ts.
export {
  DEFAULT_VAT_RATE_BP,
  VAT_RATE_LABELS,
  VAT_RATES_BP,
  USED_GOODS_MENTION,
  type VatRateBp,
} from "./constants";
export {
  BILLING_FIELD_NAMES,
  billingFields,
  billingSchema,
  type BillingFieldName,
  type BillingRecipient,
} from "./billing-schema";
export { checkTaxId, normalizeTaxId, TAX_ID_MESSAGES, type TaxIdKind } from "./tax-id";
