/**
 * The later request for a complete invoice (factura de canje, RD 1619/2012 art. 15.6): how long
 * it may be asked for. Browser-safe.
 */
import { LIMITS } from "~/lib/constants";
import { addDays } from "~/lib/dates";

/**
 * The last day (YYYY-MM-DD) a complete invoice may be asked for in place of the simplified one
 * issued on `issueDate`: four years of days (LIMITS.completeInvoiceWindowYears, the buyer's VAT
 * deduction period; TEAC 19-6-2002), counted as the issuing code counts them.
 */
export function completeInvoiceDeadline(issueDate: string): string {
  return addDays(issueDate, Math.round(LIMITS.completeInvoiceWindowYears * 365.25));
}

/** True while `today` (Madrid, YYYY-MM-DD) is within the window of a simplified invoice. */
export function completeInvoiceWindowOpen(issueDate: string, today: string): boolean {
  return today <= completeInvoiceDeadline(issueDate);
}

/** The title of the toast after the request: names the new invoice. */
export function completeInvoiceIssuedTitle(invoiceNumber: string): string {
  return `Factura completa ${invoiceNumber} emitida`;
}
