import { Download } from "~/components/icons/download";
import { FileText } from "~/components/icons/file-text";
import { cn } from "~/lib/utils";
import type { InvoiceLinkView } from "../views";

/** The link to an invoice's PDF (a file, so a plain link: no client-side navigation). */
export function InvoicePdfLink({
  number,
  href,
  className,
}: {
  number: string;
  href: string;
  className?: string;
}) {
  return (
    <a
      href={href}
      aria-label={`PDF de la factura ${number}`}
      className={cn(
        "inline-flex min-h-10 items-center gap-1 rounded-md px-2 font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 hover:underline",
        className,
      )}
    >
      <Download aria-hidden className="size-4" /> PDF
    </a>
  );
}

/**
 * An order's invoices, each a link to its PDF (opened by the browser: a file, not a page).
 * A simplified invoice replaced by a complete one says so; both stay available.
 */
export function InvoiceLinks({
  invoices,
  emptyText,
}: {
  invoices: InvoiceLinkView[];
  /** What to say while the order has none yet. */
  emptyText: string;
}) {
  if (invoices.length === 0) return <p className="mt-2 text-sm text-slate-700">{emptyText}</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-100">
      {invoices.map((invoice) => (
        <li key={invoice.fullNumber} className="py-2">
          <a
            href={invoice.href}
            className="inline-flex items-start gap-2 font-medium break-words text-brand-700 hover:underline"
          >
            <FileText aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              {invoice.kindLabel} {invoice.fullNumber}
              <span className="sr-only"> (PDF)</span>
            </span>
          </a>
          <p className="ml-6 text-sm text-slate-700">
            {invoice.date} · {invoice.total}
            {invoice.replacedBy ? ` · Sustituida por la factura ${invoice.replacedBy}` : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
