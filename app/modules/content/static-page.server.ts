/**
 * A static page (static-pages.ts) as the public sees it: the texts saved in
 * /admin/contenido/{path} (else the defaults), with the company data of /admin/configuracion put
 * in place of their placeholders (legal-placeholders.ts).
 */
import type { LegalData } from "~/modules/settings";
import { getLegalData } from "~/modules/settings/index.server";
import {
  fillBlocks,
  fillPlainText,
  newFillReport,
  placeholderField,
  type FillReport,
} from "./legal-placeholders";
import { staticSectionId } from "./page-content";
import { getPageContent } from "./page-content.server";
import type { StaticPageView } from "./static-page-view";
import { getStaticPage, STATIC_PAGE_PATHS } from "./static-pages";

/** A short text (title, heading) that must show: filled, else without its placeholders. */
function shortText(text: string, legal: LegalData, report: FillReport): string {
  return (
    fillPlainText(text, legal, report) ??
    text
      .replace(/\[[^[\]\n]*\]/g, "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

function buildView(
  path: string,
  content: Awaited<ReturnType<typeof getPageContent>>,
  legal: LegalData,
  report: FillReport,
): StaticPageView {
  const base = getStaticPage(path)!;
  const header = content.cabecera!;
  const cta = content.enlace;
  const sections = base.sections.map((section) => {
    const id = staticSectionId(section);
    const saved = content[id]!;
    const before = report.incomplete;
    const sectionReport = newFillReport();
    const blocks = fillBlocks(saved.rich ?? [], legal, sectionReport);
    report.incomplete = before || sectionReport.incomplete;
    for (const name of sectionReport.unresolved) {
      if (!report.unresolved.includes(name)) report.unresolved.push(name);
    }
    return {
      id,
      heading: shortText(saved.sectionTitle, legal, report),
      blocks,
      incomplete: sectionReport.incomplete,
    };
  });
  return {
    key: path,
    title: shortText(header.title, legal, report) || base.title,
    description: shortText(header.description, legal, report),
    intro: header.subtitle ? fillPlainText(header.subtitle, legal, report) : null,
    sections,
    // The first call to action is editable; any others stay as they are.
    links: [
      ...(cta?.ctaButtonText && cta.linkUrl
        ? [{ label: shortText(cta.ctaButtonText, legal, report), to: cta.linkUrl }]
        : []),
      ...(base.links?.slice(1) ?? []),
    ],
    incomplete: report.incomplete,
  };
}

/** The page at `path` (a STATIC_PAGE_PATHS entry) for the public. */
export async function getStaticPageView(path: string): Promise<StaticPageView> {
  const [content, legal] = await Promise.all([getPageContent(path), getLegalData()]);
  return buildView(path, content, legal, newFillReport());
}

/**
 * For the admin dashboard: the pages whose texts hold placeholders no setting fills (e.g. a
 * "[teléfono]" typed in /admin/contenido), which the public pages leave out.
 */
export async function listUnknownPlaceholders(): Promise<
  { page: string; title: string; placeholders: string[] }[]
> {
  const legal = await getLegalData();
  const found = [];
  for (const path of STATIC_PAGE_PATHS) {
    const report = newFillReport();
    const view = buildView(path, await getPageContent(path), legal, report);
    const unknown = report.unresolved.filter(
      (name) => placeholderField(name.slice(1, -1)) === null,
    );
    if (unknown.length) found.push({ page: path, title: view.title, placeholders: unknown });
  }
  return found;
}
