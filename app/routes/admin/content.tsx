import { ChevronRight as chevronRightIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { pageTitle } from "~/lib/page-title";
import { Link } from "react-router";
import type { Route } from "./+types/content";
import { AdminPageHeader } from "~/components/admin/page-header";
import { formatDateTime } from "~/lib/dates";
import { CONTENT_PAGES } from "~/modules/content/page-content";
import { listContentPageSummaries } from "~/modules/content/page-content.server";

const ChevronRight = icon(chevronRightIcon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Contenido · Administración") },
];

/** The page selector (spec §2): every editable page, and when it was last edited. */
export async function loader() {
  const summaries = await listContentPageSummaries();
  return {
    pages: CONTENT_PAGES.map((page) => {
      const summary = summaries.get(page.key);
      return {
        key: page.key,
        label: page.label,
        path: page.path,
        group: page.group,
        sectionCount: page.sections.length,
        savedSections: summary?.savedSections ?? 0,
        lastSaved: summary?.lastSavedAt ? formatDateTime(summary.lastSavedAt) : null,
      };
    }),
  };
}

type PageRow = Route.ComponentProps["loaderData"]["pages"][number];

function PageList({ id, title, pages }: { id: string; title: string; pages: PageRow[] }) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
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
    </section>
  );
}

export default function AdminContentPage({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Contenido"
        description="Elige una página para editar los textos de sus secciones. Los cambios se publican al guardar."
      />
      <PageList
        id="paginas-principales"
        title="Páginas principales"
        pages={pages.filter((page) => page.group === "main")}
      />
      <PageList
        id="paginas-informativas"
        title="Páginas informativas"
        pages={pages.filter((page) => page.group === "info")}
      />
    </>
  );
}
