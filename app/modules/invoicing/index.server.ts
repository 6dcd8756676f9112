// Public, server-only surface of the module: what other modules may import on the server.
export {
  getInvoiceDocument,
  invoicesForOrder,
  type InvoiceDocument,
  type InvoiceSummary,
} from "./document.server";
export {
  signedInvoiceLinks,
  signedInvoiceUrl,
  signInvoiceLink,
  verifyInvoiceLink,
} from "./signed-link.server";
