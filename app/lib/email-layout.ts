/*
 * The one layout of the shop's e-mails: a branded HTML part (inline styles, a table layout
 * that mail clients render alike) and a plain-text part with the same words. Every value put
 * into the HTML is escaped here; templates pass plain strings.
 */

/**
 * Who sells (LSSI art. 10): the legal data of /admin/configuracion. Empty strings (and a null
 * contact e-mail) until the owner fills them in; what is empty is left out, never shown as a
 * placeholder.
 */
export interface EmailSender {
  /** Razón social or the holder's name. */
  legalName: string;
  nif: string;
  address: string;
  /** Registry data (Registro Mercantil…), when registered. */
  registry: string;
  /** The customer-service phone (TRLGDCU art. 97.1.c); "" until saved. */
  phone: string;
  /** Where replies go (the messages' Reply-To) and customers write. */
  contactEmail: string | null;
}

/** A shop that has saved none of its legal data yet (or whose settings cannot be read). */
export const EMPTY_SENDER: EmailSender = {
  legalName: "",
  nif: "",
  address: "",
  registry: "",
  phone: "",
  contactEmail: null,
};

/** What every template needs about the shop. */
export interface EmailSite {
  siteName: string;
  /** Where the shop is (its home page), shown at the bottom. */
  siteUrl: string;
  sender: EmailSender;
}

/** Order lines: a table in the HTML part, one line each in the plain text. */
export interface EmailTable {
  caption: string;
  rows: { item: string; quantity: number; amount: string }[];
  /** Subtotal, shipping, total…: label and amount, under the lines. */
  totals: { label: string; amount: string }[];
}

/** A headed block after the notes (legal information, the withdrawal form…). */
export interface EmailSection {
  heading: string;
  paragraphs: string[];
  links?: { label: string; url: string }[];
}

export interface EmailContent extends EmailSite {
  /**
   * `customer`: the footer names the seller (LSSI art. 10) and says how to reach the shop
   * (replies go to the contact e-mail). `shop`: a notice for the shop's own staff; the
   * template itself says what a reply does.
   */
  audience: "customer" | "shop";
  subject: string;
  /** The line mail clients show beside the subject in the inbox. */
  preview: string;
  /** e.g. "Hola, Ana:" */
  greeting: string;
  paragraphs: string[];
  table?: EmailTable;
  /** Paragraphs after the table (e.g. the shipping address). */
  afterTable?: string[];
  /** The button (and the same address written out, for clients that hide buttons). */
  action?: { label: string; url: string };
  /** Paragraphs after the button (how long the link lasts, what to do if it wasn't you). */
  notes?: string[];
  sections?: EmailSection[];
  /**
   * Marketing e-mails: the one-click unsubscribe page, linked at the bottom (the same address
   * goes in the List-Unsubscribe header).
   */
  unsubscribeUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Only absolute http(s) links go into an e-mail (never javascript: or a relative path). */
function assertWebUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`Not a web address for an e-mail link: ${parsed.protocol}`);
  }
  return parsed.href;
}

// brand-700 of app.css: white text on it passes WCAG AA.
const BRAND = "#c2410c";
const TEXT = "#0f172a";
const MUTED = "#475569";
const FONT = "font-family:Arial,Helvetica,sans-serif;";

/** The seller's identity as one line: "Razón S.L. · NIF B12345674 · Calle…"; "" when unset. */
export function senderLine(sender: EmailSender): string {
  return [sender.legalName, sender.nif ? `NIF ${sender.nif}` : "", sender.address]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" · ");
}

/** The footer's lines (the same words in both parts), before the unsubscribe link. */
function footerLines(content: EmailContent, siteUrl: string): string[] {
  const lines = [`${content.siteName} · ${siteUrl}`];
  if (content.audience === "shop") {
    lines.push("Aviso automático de la tienda para su administración.");
    return lines;
  }
  const { sender } = content;
  const identity = senderLine(sender);
  if (identity) lines.push(identity);
  if (sender.registry.trim()) lines.push(sender.registry.trim());
  lines.push(
    sender.contactEmail
      ? `¿Tienes alguna duda? Responde a este correo o escríbenos a ${sender.contactEmail}.`
      : `¿Tienes alguna duda? Escríbenos desde ${new URL("/contacto", siteUrl).href}`,
  );
  const phone = sender.phone.trim();
  if (phone) lines.push(`Teléfono de atención al cliente: ${phone}.`);
  return lines;
}

/** The shop's part of a template's input, to hand on to `renderEmail`. */
export function siteOf({ siteName, siteUrl, sender }: EmailSite): EmailSite {
  return { siteName, siteUrl, sender };
}

/** "Hola, Ana:" for a customer with a name; "Hola:" when it is unknown. */
export function greetingFor(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Hola, ${trimmed}:` : "Hola:";
}

/** What a customer's e-mail about one of their orders needs besides its own words. */
export interface OrderEmailSite extends EmailSite {
  /** The customer's name, for the greeting ("" when unknown). */
  name: string;
  /** The order's page: /perfil/pedidos/{number} for a customer, tracking for a guest. */
  orderUrl: string;
}

/**
 * An e-mail to a customer about their order (shipped, return, refund…): greeted by name, with
 * the «Ver mi pedido» button to the order's page.
 */
export function orderUpdateEmail(
  input: OrderEmailSite,
  content: Omit<EmailContent, keyof EmailSite | "audience" | "greeting" | "action">,
): RenderedEmail {
  return renderEmail({
    ...siteOf(input),
    audience: "customer",
    greeting: greetingFor(input.name),
    action: { label: "Ver mi pedido", url: input.orderUrl },
    ...content,
  });
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const siteUrl = assertWebUrl(content.siteUrl);
  const action = content.action
    ? { label: content.action.label, url: assertWebUrl(content.action.url) }
    : undefined;
  const notes = content.notes ?? [];
  const afterTable = content.afterTable ?? [];
  const sections = (content.sections ?? []).map((section) => ({
    ...section,
    links: (section.links ?? []).map((link) => ({ ...link, url: assertWebUrl(link.url) })),
  }));
  const unsubscribeUrl = content.unsubscribeUrl ? assertWebUrl(content.unsubscribeUrl) : undefined;
  const footer = footerLines(content, siteUrl);
  const paragraph = (text: string, color = TEXT) =>
    `<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:24px;color:${color};">${escapeHtml(text)}</p>`;
  // An address written out may break anywhere (it has no spaces); a worded link breaks at words.
  const link = (label: string, url: string, color = BRAND) =>
    `<a href="${escapeHtml(url)}" style="color:${color};${label === url ? "word-break:break-all;" : ""}">${escapeHtml(label)}</a>`;

  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>` +
      `<td style="border-radius:6px;background:${BRAND};">` +
      `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;${FONT}font-size:14px;line-height:20px;color:${MUTED};">Si el botón no funciona, copia esta dirección en tu navegador:<br>` +
      `${link(action.url, action.url)}</p>`
    : "";

  const cell = `${FONT}font-size:15px;line-height:22px;color:${TEXT};padding:8px 6px;`;
  const table = content.table
    ? `<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 20px;">` +
      `<caption style="${FONT}font-size:16px;font-weight:bold;color:${TEXT};text-align:left;padding:0 0 8px;">${escapeHtml(content.table.caption)}</caption>` +
      `<thead><tr style="border-bottom:2px solid #e2e8f0;">` +
      `<th scope="col" align="left" style="${cell}">Producto</th>` +
      `<th scope="col" align="right" style="${cell}">Cantidad</th>` +
      `<th scope="col" align="right" style="${cell}">Importe</th>` +
      `</tr></thead><tbody>` +
      content.table.rows
        .map(
          (row) =>
            `<tr style="border-bottom:1px solid #e2e8f0;">` +
            `<td style="${cell}">${escapeHtml(row.item)}</td>` +
            `<td align="right" style="${cell}">${row.quantity}</td>` +
            `<td align="right" style="${cell}white-space:nowrap;">${escapeHtml(row.amount)}</td></tr>`,
        )
        .join("") +
      `</tbody><tfoot>` +
      content.table.totals
        .map(
          (total) =>
            `<tr><th scope="row" colspan="2" align="right" style="${cell}">${escapeHtml(total.label)}</th>` +
            `<td align="right" style="${cell}white-space:nowrap;">${escapeHtml(total.amount)}</td></tr>`,
        )
        .join("") +
      `</tfoot></table>`
    : "";

  const sectionsHtml = sections
    .map(
      (section) =>
        `<h2 style="margin:24px 0 12px;${FONT}font-size:17px;line-height:24px;color:${TEXT};">${escapeHtml(section.heading)}</h2>` +
        section.paragraphs.map((p) => paragraph(p)).join("") +
        (section.links.length
          ? `<ul style="margin:0 0 16px;padding-left:20px;${FONT}font-size:16px;line-height:24px;color:${TEXT};">` +
            section.links.map((l) => `<li>${link(l.label, l.url)}</li>`).join("") +
            `</ul>`
          : ""),
    )
    .join("");

  const html =
    `<!doctype html>\n<html lang="es"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f1f5f9;">` +
    `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preview)}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">` +
    `<tr><td style="padding:20px 32px;border-bottom:4px solid ${BRAND};">` +
    `<a href="${escapeHtml(siteUrl)}" style="${FONT}font-size:22px;font-weight:bold;color:${BRAND};text-decoration:none;">${escapeHtml(content.siteName)}</a>` +
    `</td></tr>` +
    `<tr><td style="padding:28px 32px 12px;">` +
    paragraph(content.greeting) +
    content.paragraphs.map((p) => paragraph(p)).join("") +
    table +
    afterTable.map((p) => paragraph(p)).join("") +
    button +
    notes.map((p) => paragraph(p, MUTED)).join("") +
    sectionsHtml +
    `</td></tr>` +
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #e2e8f0;${FONT}font-size:13px;line-height:18px;color:${MUTED};">` +
    footer
      .map((line, i) =>
        i === 0
          ? `${escapeHtml(content.siteName)} · ${link(siteUrl, siteUrl, MUTED)}`
          : escapeHtml(line),
      )
      .join("<br>") +
    (unsubscribeUrl
      ? `<br>¿No quieres recibir más correos como este? ${link("Darme de baja", unsubscribeUrl, MUTED)}`
      : "") +
    `</td></tr></table></td></tr></table></body></html>\n`;

  const text = [
    content.siteName,
    "",
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.table
      ? [
          `${content.table.caption}:`,
          ...content.table.rows.map((row) => `${row.quantity} × ${row.item}: ${row.amount}`),
          ...content.table.totals.map((total) => `${total.label}: ${total.amount}`),
          "",
        ]
      : []),
    ...afterTable.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}:`, action.url, ""] : []),
    ...notes.flatMap((p) => [p, ""]),
    ...sections.flatMap((section) => [
      section.heading.toUpperCase(),
      "",
      ...section.paragraphs.flatMap((p) => [p, ""]),
      ...(section.links.length ? [...section.links.map((l) => `${l.label}: ${l.url}`), ""] : []),
    ]),
    "--",
    ...footer,
    ...(unsubscribeUrl
      ? ["¿No quieres recibir más correos como este? Date de baja aquí:", unsubscribeUrl]
      : []),
    "",
  ].join("\n");

  return { subject: content.subject, html, text };
}
