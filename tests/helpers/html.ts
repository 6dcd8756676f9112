/*
 * Reading server-rendered admin pages in HTTP tests: table rows, and the values a form shows
 * (what the admin would see in the dialog).
 */

/** The text of HTML-escaped markup (React escapes &, <, >, " and '). */
export function unescapeHtml(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The visible text of a fragment: tags removed, spaces collapsed. */
export function textOf(html: string): string {
  return unescapeHtml(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The rows of the page's table body, as `{ name, header, cells, html }`: `header` is the text
 * of the row's <th>, `name` only its first text (before any badge or second line).
 */
export function tableRows(html: string) {
  const body = /<tbody\b[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) => ({
    name: unescapeHtml(/<th\b[^>]*>([^<]*)/.exec(row!)?.[1] ?? "").trim(),
    header: textOf(/<th\b[^>]*>([\s\S]*?)<\/th>/.exec(row!)?.[1] ?? ""),
    cells: [...row!.matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell]) => textOf(cell!)),
    html: row!,
  }));
}

/** The table row of the item called `name`, or undefined. */
export function rowNamed(html: string, name: string) {
  return tableRows(html).find((row) => row.name === name);
}

/** The id in a row's "Editar" link (`?editar=12`). */
export function editIdOf(rowHtml: string): number {
  const id = /editar=(\d+)/.exec(rowHtml)?.[1];
  if (!id) throw new Error(`no edit link in row: ${rowHtml}`);
  return Number(id);
}

function tagWithName(html: string, tag: string, name: string): string | undefined {
  const pattern = new RegExp(`<${tag}\\b[^>]*\\bname="${name.replace(/[[\]]/g, "\\$&")}"[^>]*>`);
  return pattern.exec(html)?.[0];
}

/** The value attribute of the input called `name` ("" when it has none); undefined if absent. */
export function inputValue(html: string, name: string): string | undefined {
  const tag = tagWithName(html, "input", name);
  if (!tag) return undefined;
  return unescapeHtml(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "");
}

/** The values of every input called `name`, in page order (e.g. one hidden input per image). */
export function inputValues(html: string, name: string): string[] {
  const pattern = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`, "g");
  return [...html.matchAll(pattern)].map(([tag]) =>
    unescapeHtml(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? ""),
  );
}

/** Whether the checkbox called `name` is ticked. */
export function isChecked(html: string, name: string): boolean {
  const tag = tagWithName(html, "input", name);
  if (!tag) throw new Error(`no input ${name}`);
  return /\bchecked=""/.test(tag);
}

/** The text of the textarea called `name`. */
export function textareaValue(html: string, name: string): string | undefined {
  const pattern = new RegExp(`<textarea\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</textarea>`);
  const match = pattern.exec(html);
  return match ? unescapeHtml(match[1]!) : undefined;
}

/** The value of the selected option of the select called `name` ("" when none is marked). */
export function selectedValue(html: string, name: string): string | undefined {
  const pattern = new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</select>`);
  const options = pattern.exec(html)?.[1];
  if (options === undefined) return undefined;
  const selected = /<option\b[^>]*\bselected=""[^>]*>/.exec(options)?.[0];
  return selected ? unescapeHtml(/\bvalue="([^"]*)"/.exec(selected)?.[1] ?? "") : "";
}

/** `<option value="…">label</option>` pairs of the select called `name`, optgroups flattened. */
export function selectOptions(html: string, name: string): { value: string; label: string }[] {
  const pattern = new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</select>`);
  const options = pattern.exec(html)?.[1] ?? "";
  return [...options.matchAll(/<option\b[^>]*\bvalue="([^"]*)"[^>]*>([\s\S]*?)<\/option>/g)].map(
    ([, value, label]) => ({ value: unescapeHtml(value!), label: textOf(label!) }),
  );
}

/** The option groups of a select: group label → its options. */
export function selectGroups(
  html: string,
  name: string,
): Map<string, { value: string; label: string }[]> {
  const pattern = new RegExp(`<select\\b[^>]*\\bname="${name}"[^>]*>([\\s\\S]*?)</select>`);
  const inner = pattern.exec(html)?.[1] ?? "";
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const [, label, body] of inner.matchAll(
    /<optgroup\b[^>]*\blabel="([^"]*)"[^>]*>([\s\S]*?)<\/optgroup>/g,
  )) {
    groups.set(
      unescapeHtml(label!),
      [...body!.matchAll(/<option\b[^>]*\bvalue="([^"]*)"[^>]*>([\s\S]*?)<\/option>/g)].map(
        ([, value, text]) => ({ value: value!, label: textOf(text!) }),
      ),
    );
  }
  return groups;
}
