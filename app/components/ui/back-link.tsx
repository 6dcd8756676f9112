import { ArrowLeft } from "~/components/icons/arrow-left";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The link back to the list a detail page belongs to, above the page's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" /> {children}
    </Link>
  );
}
