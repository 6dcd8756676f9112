import { Pencil } from "~/components/icons/pencil";
import { cn } from "~/lib/utils";
import { usePersonal } from "~/modules/accounts";
import { contentEditorHref } from "../editor-href";

/**
 * "Editar" on a public page section, for admins only (spec §2): a link to the content editor
 * at that page and section.
 *
 * Who is an admin comes from the visitor's personal data. An admin's pages are always rendered
 * for the request, `private, no-store`: the shared page cache keeps pages for visitors and
 * customers only (server/page-cache.ts, ADR 0020), which render no button.
 */
export function AdminEditLink({
  page,
  section,
  label,
  className,
  tone = "light",
}: {
  page: string;
  section: string;
  /** The section's name, for the accessible name "Editar «…»". */
  label: string;
  className?: string;
  /** "dark" on dark backgrounds. */
  tone?: "light" | "dark";
}) {
  if (!usePersonal()?.user?.isAdmin) return null;
  return (
    <a
      href={contentEditorHref(page, section)}
      aria-label={`Editar «${label}»`}
      data-admin-edit=""
      className={cn(
        "inline-flex min-h-8 items-center gap-1 rounded-md border px-2 py-1 text-xs font-semibold shadow-sm",
        tone === "dark"
          ? "border-white/40 bg-slate-800 text-white hover:bg-slate-700"
          : "border-brand-300 bg-white text-brand-800 hover:bg-brand-50",
        className,
      )}
    >
      <Pencil aria-hidden className="size-3.5" /> Editar
    </a>
  );
}
