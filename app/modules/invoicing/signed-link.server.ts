import crypto from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { INVOICE_KIND_LABELS } from "./constants";
import { invoicesForOrder } from "./document.server";
import { signedInvoicePath } from "./paths";

/*
 * A guest's copy of an invoice (the link in the order confirmation e-mail): no table, an
 * HMAC-SHA256 of the invoice number AND its order's id under a key derived from AUTH_SECRET
 * for this purpose alone. The signature opens that invoice of that order only: another
 * invoice number, another order, or any changed character is refused. It never expires —
 * an invoice must stay available to its recipient.
 */

/** The longest `firma` worth checking (a signature is 43 base64url characters). */
const MAX_SIGNATURE_LENGTH = 100;

function key(secret: string) {
  // A key of its own, so these signatures are never confused with sessions' or newsletters'.
  return crypto.createHmac("sha256", secret).update("tienda:invoice-links:v1").digest();
}

function mac(fullNumber: string, orderId: number, secret: string): string {
  return crypto
    .createHmac("sha256", key(secret))
    .update(`${fullNumber}\n${orderId}`)
    .digest("base64url");
}

/** The `firma` of the invoice `fullNumber` of the order `orderId`. */
export function signInvoiceLink(
  fullNumber: string,
  orderId: number,
  secret: string = getEnv().AUTH_SECRET,
): string {
  return mac(fullNumber, orderId, secret);
}

/** Whether `signature` is the one made for this invoice of this order (constant-time). */
export function verifyInvoiceLink(
  fullNumber: string,
  orderId: number,
  signature: string | null | undefined,
  secret: string = getEnv().AUTH_SECRET,
): boolean {
  if (!signature || signature.length > MAX_SIGNATURE_LENGTH) return false;
  const expected = Buffer.from(mac(fullNumber, orderId, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The full address of a guest's copy, on this shop's address (BASE_URL). */
export function signedInvoiceUrl(
  fullNumber: string,
  orderId: number,
  baseUrl: string = getEnv().BASE_URL,
): string {
  return `${baseUrl}${signedInvoicePath(fullNumber, signInvoiceLink(fullNumber, orderId))}`;
}

/** An order's invoices as the confirmation e-mail links them: label and signed address. */
export async function signedInvoiceLinks(
  orderId: number,
  baseUrl: string = getEnv().BASE_URL,
): Promise<{ label: string; url: string }[]> {
  return (await invoicesForOrder(orderId)).map((invoice) => ({
    label: `${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.fullNumber} (PDF)`,
    url: signedInvoiceUrl(invoice.fullNumber, orderId, baseUrl),
  }));
}
