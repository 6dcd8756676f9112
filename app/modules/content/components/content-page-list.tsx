import { ChevronRight } from "~/components/icons/chevron-right";
import { Link } from "react-router";
import { TitledSection } from "~/components/ui/titled-section";
import type { ContentPageRow } from "../editor-view";

/** One group of the page selector: a card per page, with how much of it was edited and when. */
export function ContentPageList({
  id,
  title,
  pages,
}: {
  id: string;
  title: string;
  pages: ContentPageRow[];
}) {
  return (
    <TitledSection id={id} title={title} className="mt-6">
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {pages.map((page) => (
          <li key={page.key}>
            <Link
              to={`/admin/contenido/${page.key}`}
              className="group flex h-full items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-400 hover:bg-brand-50"
            >
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{page.label}</span>
                <span className="block text-sm break-all text-slate-600">{page.path}</span>
                <span className="mt-2 block text-sm text-slate-700">
                  {page.lastSaved
                    ? `${page.savedSections} de ${page.sectionCount} secciones editadas · ${page.lastSaved}`
                    : `${page.sectionCount} ${page.sectionCount === 1 ? "sección" : "secciones"} · sin cambios`}
                </span>
              </span>
              <ChevronRight aria-hidden className="mt-1 size-4 shrink-0 text-slate-500" />
            </Link>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
