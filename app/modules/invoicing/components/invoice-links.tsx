import { Download as downloadIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { cn } from "~/lib/utils";

const Download = icon(downloadIcon);

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
