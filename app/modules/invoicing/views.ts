import { formatCents } from "~/lib/money";
import { INVOICE_KIND_LABELS, type InvoiceKind } from "./constants";

/** An invoice as a list of download links shows it (browser-safe, plain data). */
export interface InvoiceLinkView {
  fullNumber: string;
  /** «Factura simplificada». */
  kindLabel: string;
  /** dd/mm/yyyy */
  date: string;
  total: string;
  /** Where its PDF is served for this reader. */
  href: string;
  /** The complete invoice that replaced this simplified one. */
  replacedBy: string | null;
}

export function invoiceLinkViews(
  invoices: readonly {
    fullNumber: string;
    kind: InvoiceKind;
    issueDate: string;
    totalCents: number;
    replacedBy?: string | null;
  }[],
  hrefOf: (fullNumber: string) => string,
): InvoiceLinkView[] {
  return invoices.map((invoice) => {
    const [year, month, day] = invoice.issueDate.split("-");
    return {
      fullNumber: invoice.fullNumber,
      kindLabel: INVOICE_KIND_LABELS[invoice.kind],
      date: `${day}/${month}/${year}`,
      total: formatCents(invoice.totalCents),
      href: hrefOf(invoice.fullNumber),
      replacedBy: invoice.replacedBy ?? null,
    };
  });
}
