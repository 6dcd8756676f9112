/**
 * What the admin content pages show, as their loaders hand it to the browser (dates already
 * written out in Madrid time). Browser-safe.
 */
import type { SectionDefinition, SectionFields } from "./page-content";

/** One card of the page selector (/admin/contenido). */
export interface ContentPageRow {
  key: string;
  label: string;
  path: string;
  group: "main" | "info";
  sectionCount: number;
  savedSections: number;
  lastSaved: string | null;
}

export interface EditorVersionView {
  id: number;
  at: string;
  atIso: string;
  author: string | null;
  fields: SectionFields;
}

/** One section of the editor (/admin/contenido/:page): its form's values and its versions. */
export interface ContentSectionView {
  definition: SectionDefinition;
  values: SectionFields;
  saved: boolean;
  updatedAt: string | null;
  updatedAtIso: string | null;
  updatedBy: string | null;
  versionCount: number;
  versions: EditorVersionView[];
}

export interface ContentEditorView {
  page: { key: string; label: string; path: string };
  sections: ContentSectionView[];
}
