/**
 * The content editor at a section: where the public pages' edit buttons lead. On its own (not in
 * page-content.ts) so public pages do not ship every page's default texts.
 */
export function contentEditorHref(pageKey: string, sectionId: string): string {
  return `/admin/contenido/${encodeURIComponent(pageKey)}#${encodeURIComponent(sectionId)}`;
}
