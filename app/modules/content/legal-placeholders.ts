/**
 * Fills the bracketed placeholders of the editable page texts ("[Razón social]", "[NIF]",
 * "[Dirección]", "[Datos registrales]", "[Teléfono]", "[Correo electrónico]") with the company data of
 * /admin/configuracion, so the public never sees a bracket.
 *
 * A paragraph, heading or list item that still holds a placeholder nobody can fill (the data is
 * not saved yet, or the text in brackets is not one of the known names) is left out, and the
 * result says so: the page then tells the visitor the information is being completed and the
 * admin dashboard lists what is missing. An empty optional field (the registry, which not
 * every seller has) only drops its own line, silently.
 *
 * Pure and browser-safe: runs in loaders (on the parsed tree of rich-text.ts) and in tests.
 */
import { telHref } from "~/lib/phone";
import type { LegalData } from "~/modules/settings";
import type { RichBlock, RichInline } from "./rich-text";

export type PlaceholderField =
  "companyName" | "nif" | "address" | "registry" | "phone" | "contactEmail";

/** Fields some sellers legitimately leave empty: their lines go, the page is not incomplete. */
const OPTIONAL_FIELDS: ReadonlySet<PlaceholderField> = new Set(["registry"]);

/** The names a placeholder may have (lower case, without accents), and the field each fills. */
const NAMES: Record<string, PlaceholderField> = {
  "razon social": "companyName",
  titular: "companyName",
  "nombre de la empresa": "companyName",
  nif: "nif",
  cif: "nif",
  "nif/cif": "nif",
  direccion: "address",
  "direccion completa": "address",
  "direccion completa, codigo postal, localidad y provincia": "address",
  "direccion de devoluciones": "address",
  "direccion postal": "address",
  domicilio: "address",
  "datos registrales": "registry",
  registro: "registry",
  telefono: "phone",
  "telefono de contacto": "phone",
  "telefono de atencion al cliente": "phone",
  "numero de telefono": "phone",
  "correo electronico": "contactEmail",
  "correo electronico de contacto": "contactEmail",
  "correo electronico de privacidad": "contactEmail",
  "correo electronico de empleo": "contactEmail",
  "correo electronico para inversores": "contactEmail",
  email: "contactEmail",
  "e-mail": "contactEmail",
};

const PLACEHOLDER = /\[([^[\]\n]{1,120})\]/g;

function normalise(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The field a placeholder's name stands for, or null (not a known name). */
export function placeholderField(name: string): PlaceholderField | null {
  return NAMES[normalise(name)] ?? null;
}

/** What filling a page's texts found. */
export interface FillReport {
  /** Something the public should have seen was left out (data missing, unknown placeholder). */
  incomplete: boolean;
  /** Placeholders that could not be filled, as written (for the admin). */
  unresolved: string[];
}

type Piece =
  | { kind: "text"; value: string }
  | { kind: "email"; value: string }
  | { kind: "phone"; value: string };

type Resolution =
  | { ok: true; pieces: Piece[] }
  /** `silent`: only optional fields were empty (drop the line, the page is not incomplete). */
  | { ok: false; silent: boolean; unresolved: string[] };

function resolveText(text: string, legal: LegalData): Resolution {
  const pieces: Piece[] = [];
  const unresolved: string[] = [];
  let silent = true;
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    pieces.push({ kind: "text", value: text.slice(last, match.index) });
    last = match.index + match[0].length;
    const field = placeholderField(match[1]!);
    const value = field ? legal[field]?.trim() : "";
    if (field && value) {
      const kind = field === "contactEmail" ? "email" : field === "phone" ? "phone" : "text";
      pieces.push({ kind, value });
      continue;
    }
    unresolved.push(match[0]);
    if (!field || !OPTIONAL_FIELDS.has(field)) silent = false;
  }
  if (unresolved.length) return { ok: false, silent, unresolved };
  pieces.push({ kind: "text", value: text.slice(last) });
  return { ok: true, pieces: pieces.filter((piece) => piece.value !== "") };
}

function record(report: FillReport, resolution: Extract<Resolution, { ok: false }>) {
  if (!resolution.silent) report.incomplete = true;
  for (const name of resolution.unresolved) {
    if (!report.unresolved.includes(name)) report.unresolved.push(name);
  }
}

/**
 * A plain text (a title, an intro) with its placeholders filled; null when one cannot be
 * (the caller leaves the text out). E-mail addresses stay plain text here.
 */
export function fillPlainText(text: string, legal: LegalData, report: FillReport): string | null {
  const resolution = resolveText(text, legal);
  if (!resolution.ok) {
    record(report, resolution);
    return null;
  }
  return resolution.pieces.map((piece) => piece.value).join("");
}

/**
 * Inline nodes with their placeholders filled (an e-mail becomes a mailto: link, a phone a tel:
 * link), or null.
 */
function fillInline(
  nodes: readonly RichInline[],
  legal: LegalData,
  report: FillReport,
): RichInline[] | null {
  const out: RichInline[] = [];
  for (const node of nodes) {
    if (node.t === "text") {
      const resolution = resolveText(node.v, legal);
      if (!resolution.ok) {
        record(report, resolution);
        return null;
      }
      for (const piece of resolution.pieces) {
        const last = out[out.length - 1];
        const tel = piece.kind === "phone" ? telHref(piece.value) : null;
        if (piece.kind === "email") {
          out.push({ t: "a", href: `mailto:${piece.value}`, c: [{ t: "text", v: piece.value }] });
        } else if (tel) {
          out.push({ t: "a", href: tel, c: [{ t: "text", v: piece.value }] });
        } else if (last?.t === "text") {
          // One text node per run of text (the page reads as one sentence).
          last.v += piece.value;
        } else {
          out.push({ t: "text", v: piece.value });
        }
      }
      continue;
    }
    const children = fillInline(node.c, legal, report);
    if (!children) return null;
    if (node.t === "a") {
      // A link's own text never becomes a second link.
      const flat = children.flatMap((child) => (child.t === "a" ? child.c : [child]));
      out.push({ ...node, c: flat });
    } else {
      out.push({ ...node, c: children });
    }
  }
  return out;
}

/**
 * The blocks with their placeholders filled; a block (or list item) that cannot be filled is
 * left out and noted in `report`.
 */
export function fillBlocks(
  blocks: readonly RichBlock[],
  legal: LegalData,
  report: FillReport,
): RichBlock[] {
  const out: RichBlock[] = [];
  for (const block of blocks) {
    if (block.t === "p" || block.t === "h") {
      const c = fillInline(block.c, legal, report);
      if (c) out.push({ ...block, c });
      continue;
    }
    const items = block.items
      .map((item) => fillInline(item, legal, report))
      .filter((item): item is RichInline[] => item !== null);
    if (items.length) out.push({ ...block, items });
  }
  return out;
}

/** A fresh, empty report. */
export function newFillReport(): FillReport {
  return { incomplete: false, unresolved: [] };
}
