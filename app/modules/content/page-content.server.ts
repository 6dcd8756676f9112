/**
 * Editable page content: reading what the public pages show, saving a section (with
 * a version and an activity-log line, in one transaction) and restoring a version.
 *
 * Public pages read through the catalogue cache: a trigger moves the catalogue version on every
 * write to page_contents (migration 0012), so a save shows at once on every app instance and
 * in the shared page cache.
 */
import { and, count, eq, max, sql } from "drizzle-orm";
import { pageContents, pageContentVersions, users } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { formatDateTime } from "~/lib/dates";
import { getDb } from "~/db/client.server";
import { conflict, notFound, ok, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { cachedCatalog } from "~/db/public-cache.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import {
  CONTENT_FIELDS,
  CONTENT_PAGES,
  ELECTRONICS_PAGE_KEY,
  getContentPage,
  getContentSection,
  sectionFieldNames,
  type ContentField,
  type PageDefinition,
  type SectionDefinition,
  type SectionFields,
} from "./page-content";
import { parseRichText, type RichBlock } from "./rich-text";
import { CONTENT_SAVE_FAILED } from "./schemas";
import type { ContentEditorView, ContentPageRow } from "./editor-view";

/** A section as a public page renders it: every named field ("" when absent) and its parsed fullText. */
export type PublicSection = Record<ContentField, string> & {
  /** fullText parsed for the renderer (null when the section has no fullText). */
  rich: RichBlock[] | null;
  /** Whether an admin has saved this section (else: the defaults). */
  saved: boolean;
};

export type PublicPageContent = Record<string, PublicSection>;

/** The defined fields of `section`: `stored` values where present and strings, else defaults. */
function mergeFields(section: SectionDefinition, stored: unknown): SectionFields {
  const values: SectionFields = {};
  const record = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  for (const field of sectionFieldNames(section)) {
    const value = record[field];
    values[field] = typeof value === "string" ? value : (section.defaults[field] ?? "");
  }
  return values;
}

function toPublicSection(fields: SectionFields, saved: boolean): PublicSection {
  const section = { rich: null, saved } as PublicSection;
  for (const field of CONTENT_FIELDS) section[field] = fields[field] ?? "";
  if ("fullText" in fields) section.rich = parseRichText(fields.fullText ?? "");
  return section;
}

async function loadPageContent(page: PageDefinition): Promise<PublicPageContent> {
  const rows = await getDb()
    .select({ section: pageContents.section, fields: pageContents.fields })
    .from(pageContents)
    .where(eq(pageContents.page, page.key));
  const content: PublicPageContent = {};
  for (const section of page.sections) {
    const row = rows.find((candidate) => candidate.section === section.id);
    content[section.id] = toPublicSection(mergeFields(section, row?.fields), row !== undefined);
  }
  return content;
}

/**
 * What a public page shows: saved sections, defaults for the rest. Read-only (shared by every
 * request). Throws for a page key that is not defined (a programming error).
 */
export function getPageContent(pageKey: string): Promise<PublicPageContent> {
  const page = getContentPage(pageKey);
  if (!page) throw new Error(`Unknown content page: ${pageKey}`);
  return cachedCatalog(`page-content:${page.key}`, () => loadPageContent(page));
}

// ── Admin ────────────────────────────────────────────────────────────────────────────────────

export interface ContentPageSummary {
  key: string;
  /** Sections saved at least once. */
  savedSections: number;
  lastSavedAt: Date | null;
}

/** For the page selector: how many sections of each page were edited, and when last. */
export async function listContentPageSummaries(): Promise<Map<string, ContentPageSummary>> {
  const rows = await getDb()
    .select({
      page: pageContents.page,
      savedSections: count(),
      lastSavedAt: max(pageContents.updatedAt),
    })
    .from(pageContents)
    .groupBy(pageContents.page);
  return new Map(
    rows.map((row) => [
      row.page,
      { key: row.page, savedSections: row.savedSections, lastSavedAt: row.lastSavedAt },
    ]),
  );
}

/** The page selector's cards (spec §2): every editable page, and when it was last edited. */
export async function listContentPageRows(): Promise<ContentPageRow[]> {
  const summaries = await listContentPageSummaries();
  return CONTENT_PAGES.map((page) => {
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
  });
}

export interface ContentVersionView {
  id: number;
  createdAt: Date;
  /** The admin who saved it (name, else e-mail; null once the account is gone). */
  author: string | null;
  fields: SectionFields;
}

export interface EditorSection {
  definition: SectionDefinition;
  /** What the form shows: the saved values, else the defaults. */
  values: SectionFields;
  saved: boolean;
  updatedAt: Date | null;
  updatedBy: string | null;
  versions: ContentVersionView[];
  versionCount: number;
}

/** Every version of a page's sections, ranked newest first within each section. */
function latestVersions(pageKey: string) {
  return getDb()
    .select({
      id: pageContentVersions.id,
      section: pageContentVersions.section,
      fields: pageContentVersions.fields,
      createdAt: pageContentVersions.createdAt,
      author: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`.as("author"),
      rank: sql<number>`row_number() over (partition by ${pageContentVersions.section} order by ${pageContentVersions.createdAt} desc, ${pageContentVersions.id} desc)`.as(
        "rank",
      ),
    })
    .from(pageContentVersions)
    .leftJoin(users, eq(users.id, pageContentVersions.createdBy))
    .where(eq(pageContentVersions.page, pageKey))
    .as("ranked");
}

/** Everything the editor of one page shows (null: no such page). */
export async function getContentEditor(
  pageKey: string,
): Promise<{ page: PageDefinition; sections: EditorSection[] } | null> {
  const page = getContentPage(pageKey);
  if (!page) return null;
  const db = getDb();
  const author = sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`;
  const [rows, versions, counts] = await Promise.all([
    db
      .select({
        section: pageContents.section,
        fields: pageContents.fields,
        updatedAt: pageContents.updatedAt,
        updatedBy: author,
      })
      .from(pageContents)
      .leftJoin(users, eq(users.id, pageContents.updatedBy))
      .where(eq(pageContents.page, page.key)),
    // The latest versions of each section of the page, newest first.
    db
      .select()
      .from(latestVersions(page.key))
      .where(sql`rank <= ${LIMITS.contentVersionsShown}`)
      .orderBy(sql`created_at desc`, sql`id desc`),
    db
      .select({ section: pageContentVersions.section, total: count() })
      .from(pageContentVersions)
      .where(eq(pageContentVersions.page, page.key))
      .groupBy(pageContentVersions.section),
  ]);
  const sections = page.sections.map((definition): EditorSection => {
    const row = rows.find((candidate) => candidate.section === definition.id);
    return {
      definition,
      values: mergeFields(definition, row?.fields),
      saved: row !== undefined,
      updatedAt: row?.updatedAt ?? null,
      updatedBy: row?.updatedBy ?? null,
      versions: versions
        .filter((version) => version.section === definition.id)
        .map((version) => ({
          id: version.id,
          createdAt: version.createdAt,
          author: version.author,
          fields: mergeFields(definition, version.fields),
        })),
      versionCount: counts.find((entry) => entry.section === definition.id)?.total ?? 0,
    };
  });
  return { page, sections };
}

/**
 * The editor of one page as the admin page shows it (null: no such page). `category`: the
 * electronics category, whose name and description the page shows until its header is saved.
 */
export async function getContentEditorView(
  pageKey: string,
  category: { name: string; description: string | null } | null,
): Promise<ContentEditorView | null> {
  const editor = await getContentEditor(pageKey);
  if (!editor) return null;
  const { page, sections } = editor;
  const header = sections.find((section) => section.definition.id === "cabecera");
  if (page.key === ELECTRONICS_PAGE_KEY && category && header && !header.saved) {
    header.values = { title: category.name, description: category.description ?? "" };
  }
  return {
    page: { key: page.key, label: page.label, path: page.path },
    sections: sections.map((section) => ({
      definition: section.definition,
      values: section.values,
      saved: section.saved,
      updatedAt: section.updatedAt ? formatDateTime(section.updatedAt) : null,
      updatedAtIso: section.updatedAt?.toISOString() ?? null,
      updatedBy: section.updatedBy,
      versionCount: section.versionCount,
      versions: section.versions.map((version) => ({
        id: version.id,
        at: formatDateTime(version.createdAt),
        atIso: version.createdAt.toISOString(),
        author: version.author,
        fields: version.fields,
      })),
    })),
  };
}

const SECTION_NOT_FOUND = "Esa sección ya no existe. Recarga la página.";
const VERSION_NOT_FOUND = "Esa versión ya no existe. Recarga la página.";

async function writeSection(
  actor: Actor,
  page: PageDefinition,
  section: SectionDefinition,
  fields: SectionFields,
  activity: { action: string; summary: string },
): Promise<Result> {
  // Only the section's own fields are ever stored.
  const values = mergeFields(section, fields) as Record<string, string>;
  try {
    await getDb().transaction(async (tx) => {
      const now = new Date();
      await tx
        .insert(pageContents)
        .values({
          page: page.key,
          section: section.id,
          fields: values,
          updatedBy: actor.id,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [pageContents.page, pageContents.section],
          set: { fields: values, updatedBy: actor.id, updatedAt: now },
        });
      await tx.insert(pageContentVersions).values({
        page: page.key,
        section: section.id,
        fields: values,
        createdBy: actor.id,
        createdAt: now,
      });
      await recordActivity(
        actor,
        {
          action: activity.action,
          entityType: "content",
          entityId: `${page.key}/${section.id}`,
          summary: activity.summary,
        },
        tx,
      );
    });
    return ok();
  } catch (error) {
    log("error", "content save failed", {
      page: page.key,
      section: section.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return conflict(CONTENT_SAVE_FAILED);
  }
}

/** Saves one section's fields (already validated by the section's schema) as a new version. */
export async function saveContentSection(
  actor: Actor,
  pageKey: string,
  sectionId: string,
  fields: SectionFields,
): Promise<Result> {
  const page = getContentPage(pageKey);
  const section = page && getContentSection(page, sectionId);
  if (!page || !section) return notFound(SECTION_NOT_FOUND);
  return writeSection(actor, page, section, fields, {
    action: "update",
    summary: `Contenido «${page.label} › ${section.label}» guardado`,
  });
}

/** The fields of a version of the section, or null when it is not one of its versions. */
export async function getContentVersion(
  pageKey: string,
  sectionId: string,
  versionId: number,
): Promise<{ fields: SectionFields; createdAt: Date } | null> {
  const page = getContentPage(pageKey);
  const section = page && getContentSection(page, sectionId);
  if (!page || !section) return null;
  const [row] = await getDb()
    .select({ fields: pageContentVersions.fields, createdAt: pageContentVersions.createdAt })
    .from(pageContentVersions)
    .where(
      and(
        eq(pageContentVersions.id, versionId),
        eq(pageContentVersions.page, page.key),
        eq(pageContentVersions.section, section.id),
      ),
    );
  return row ? { fields: mergeFields(section, row.fields), createdAt: row.createdAt } : null;
}

/** Saves a version's fields again: the restore is itself a new version. */
export async function restoreContentVersion(
  actor: Actor,
  pageKey: string,
  sectionId: string,
  version: { fields: SectionFields; createdAt: Date },
): Promise<Result> {
  const page = getContentPage(pageKey);
  const section = page && getContentSection(page, sectionId);
  if (!page || !section) return notFound(SECTION_NOT_FOUND);
  return writeSection(actor, page, section, version.fields, {
    action: "restore",
    summary: `Contenido «${page.label} › ${section.label}» restaurado a la versión del ${formatDateTime(version.createdAt)}`,
  });
}

/** Restores the section's version `versionId`; it says when that version was saved. */
export async function restoreContentVersionById(
  actor: Actor,
  pageKey: string,
  sectionId: string,
  versionId: number,
): Promise<Result<{ createdAt: Date }>> {
  const version = await getContentVersion(pageKey, sectionId, versionId);
  if (!version) return notFound(VERSION_NOT_FOUND);
  const restored = await restoreContentVersion(actor, pageKey, sectionId, version);
  return restored.ok ? ok({ createdAt: version.createdAt }) : restored;
}

/** Every defined page (for tests and the selector). */
export function contentPages(): readonly PageDefinition[] {
  return CONTENT_PAGES;
}
