/** Where an invoice's PDF is served, per audience (each route checks its own access). */

/** The signed-in customer's copy, under their order. */
export function accountInvoicePath(orderNumber: string, invoiceNumber: string): string {
  return `/perfil/pedidos/${encodeURIComponent(orderNumber)}/facturas/${encodeURIComponent(invoiceNumber)}`;
}

/** A guest's copy: the signature (from the confirmation e-mail) binds the invoice to its order. */
export function signedInvoicePath(invoiceNumber: string, signature: string): string {
  return `/facturas/${encodeURIComponent(invoiceNumber)}?firma=${encodeURIComponent(signature)}`;
}

export const ADMIN_INVOICES_PATH = "/admin/facturas";

export function adminInvoicePath(invoiceNumber: string): string {
  return `${ADMIN_INVOICES_PATH}/${encodeURIComponent(invoiceNumber)}`;
}
