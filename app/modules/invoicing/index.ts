// Public, browser-safe surface of the invoicing module.
export {
  DEFAULT_VAT_RATE_BP,
  INVOICE_KIND_LABELS,
  INVOICING_BLOCKED_MESSAGE,
  USED_GOODS_MENTION,
  VAT_RATE_LABELS,
  VAT_RATES_BP,
  type InvoiceKind,
  type VatRateBp,
} from "./constants";
export {
  accountInvoicePath,
  ADMIN_INVOICES_PATH,
  adminInvoicePath,
  signedInvoicePath,
} from "./paths";
export { formatRate, includedTax, sumTaxLines, taxBreakdown } from "./amounts";
export {
  BILLING_FIELD_NAMES,
  billingAddressParts,
  billingFields,
  billingRecipientOf,
  billingSchema,
  type BillingFieldName,
  type BillingRecipient,
} from "./billing-schema";
