/**
 * Who may download which invoice PDF, and the responses that serve it. Each audience has its
 * own check: the signed-in owner of the order, a guest holding the signed link of the
 * confirmation e-mail, the admin (whose guard is the /admin layout's).
 */
import { CACHE } from "~/lib/cache";
import { currentSiteName } from "~/modules/settings/index.server";
import { getInvoiceDocument, type InvoiceDocument } from "./document.server";
import { loadInvoiceLogo } from "./logo.server";
import { renderInvoicePdf } from "./pdf.server";
import { verifyInvoiceLink } from "./signed-link.server";

export interface InvoicePdfFile {
  fileName: string;
  bytes: Buffer;
}

async function toPdf(document: InvoiceDocument): Promise<InvoicePdfFile> {
  const logo = await loadInvoiceLogo();
  return {
    fileName: `factura-${document.fullNumber}.pdf`,
    bytes: await renderInvoicePdf(document, { logo }),
  };
}

function sameOrderNumber(a: string, b: string): boolean {
  const normal = (value: string) => value.trim().replace(/\s+/g, "").toUpperCase();
  return normal(a) === normal(b);
}

/**
 * The PDF of an invoice of one of the customer's own orders; null when the invoice does not
 * exist, is not of that order, or the order is someone else's (answered alike: 404).
 */
export async function customerInvoicePdf(
  userId: string,
  orderNumber: string,
  invoiceNumber: string,
): Promise<InvoicePdfFile | null> {
  const document = await getInvoiceDocument(invoiceNumber);
  if (!document || document.order.userId !== userId) return null;
  if (!sameOrderNumber(document.order.number, orderNumber)) return null;
  return toPdf(document);
}

/**
 * A guest's copy by the signed link: the signature must be the one made for this invoice of
 * its order. Null for an unknown invoice and a wrong signature alike (no hint of which).
 */
export async function guestInvoicePdf(
  invoiceNumber: string,
  signature: string | null,
): Promise<InvoicePdfFile | null> {
  if (!signature) return null;
  const document = await getInvoiceDocument(invoiceNumber);
  if (!document || !verifyInvoiceLink(document.fullNumber, document.order.id, signature)) {
    return null;
  }
  return toPdf(document);
}

/** Any invoice, for the admin. */
export async function adminInvoicePdf(invoiceNumber: string): Promise<InvoicePdfFile | null> {
  const document = await getInvoiceDocument(invoiceNumber);
  return document ? toPdf(document) : null;
}

/** The PDF, shown in the browser (inline), named after the invoice, never stored by caches. */
export function invoicePdfResponse(file: InvoicePdfFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.fileName}"`,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": CACHE.privateNoStore,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const INVOICE_REFUSALS = {
  404: {
    title: "Factura no encontrada",
    message:
      "No encontramos esta factura. Comprueba el enlace, o búscala en Mis Pedidos si tienes cuenta.",
  },
  403: {
    title: "Enlace de factura no válido",
    message:
      "El enlace de esta factura no es válido. Usa el enlace del correo de confirmación de tu pedido tal como llegó, sin cambiarlo, o búscala en Mis Pedidos si tienes cuenta.",
  },
} as const;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/**
 * Why a PDF is not served, as a small Spanish page (these routes send files, so they have no
 * page of their own to show an error in): never a stack trace, never the invoice's data.
 */
export async function invoiceRefusalResponse(status: 403 | 404): Promise<Response> {
  const { title, message } = INVOICE_REFUSALS[status];
  const siteName = await currentSiteName();
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/perfil/pedidos">Mis Pedidos</a> · <a href="/pedidos/seguimiento">Seguir un pedido</a> · <a href="/">Volver a ${escapeHtml(siteName)}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": CACHE.privateNoStore,
    },
  });
}
