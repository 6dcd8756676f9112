import { unescapeHtml } from "./html";

/** A form a page shows: where it posts and the fields a submit would send. */
export interface PageForm {
  action: string;
  fields: [string, string][];
}

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match ? unescapeHtml(match[1]!) : undefined;
};

/**
 * The POST forms of a page that submit to the page itself (a form without `action` does), or
 * to anywhere with `anyAction`, each with what a click on its submit button would send: named inputs (checked
 * boxes only, no files), textareas, selects (their selected or first option) and the named
 * submit button's value. Forms with the same field names and intent count once.
 */
export function postFormsOf(
  html: string,
  pageUrl: string,
  { anyAction = false }: { anyAction?: boolean } = {},
): PageForm[] {
  const page = new URL(pageUrl, "http://shop.local");
  const forms: PageForm[] = [];
  const seen = new Set<string>();
  for (const [, open, inner] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    if (attribute(open!, "method")?.toLowerCase() !== "post") continue;
    const target = new URL(attribute(open!, "action") ?? page.pathname + page.search, page);
    if (!anyAction && target.pathname !== page.pathname) continue;
    const fields: [string, string][] = [];
    for (const [tag] of inner!.matchAll(/<input\b[^>]*>/gi)) {
      const name = attribute(tag, "name");
      const type = attribute(tag, "type")?.toLowerCase() ?? "text";
      if (!name || type === "file" || type === "submit") continue;
      if ((type === "checkbox" || type === "radio") && !/\schecked=""/.test(tag)) continue;
      fields.push([name, attribute(tag, "value") ?? (type === "checkbox" ? "on" : "")]);
    }
    for (const [, open, text] of inner!.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
      const name = attribute(open!, "name");
      if (name) fields.push([name, unescapeHtml(text!)]);
    }
    for (const [, open, options] of inner!.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const name = attribute(open!, "name");
      const chosen =
        /<option\b[^>]*\sselected=""[^>]*>/.exec(options!)?.[0] ??
        /<option\b[^>]*>/.exec(options!)?.[0];
      if (name && chosen) fields.push([name, attribute(chosen, "value") ?? ""]);
    }
    const button = [...inner!.matchAll(/<button\b[^>]*>/gi)]
      .map(([tag]) => tag)
      .find((tag) => attribute(tag, "name") && attribute(tag, "type") !== "button");
    if (button) fields.push([attribute(button, "name")!, attribute(button, "value") ?? ""]);
    const key = JSON.stringify([
      target.pathname + target.search,
      fields.map(([name]) => name).sort(),
      fields.find(([name]) => name === "intent")?.[1],
    ]);
    if (seen.has(key)) continue;
    seen.add(key);
    forms.push({ action: target.pathname + target.search, fields });
  }
  return forms;
}
