/*
 * The one layout of the shop's e-mails: a branded HTML part (inline styles, a table layout
 * that mail clients render alike) and a plain-text part with the same words. Every value put
 * into the HTML is escaped here; templates pass plain strings.
 */

export interface EmailContent {
  siteName: string;
  subject: string;
  /** The line mail clients show beside the subject in the inbox. */
  preview: string;
  /** e.g. "Hola, Ana:" */
  greeting: string;
  paragraphs: string[];
  /** The button (and the same address written out, for clients that hide buttons). */
  action?: { label: string; url: string };
  /** Paragraphs after the button (how long the link lasts, what to do if it wasn't you). */
  notes?: string[];
  /** Where the shop is (its home page), shown at the bottom. */
  siteUrl: string;
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

export function renderEmail(content: EmailContent): RenderedEmail {
  const siteUrl = assertWebUrl(content.siteUrl);
  const action = content.action
    ? { label: content.action.label, url: assertWebUrl(content.action.url) }
    : undefined;
  const notes = content.notes ?? [];
  const unsubscribeUrl = content.unsubscribeUrl ? assertWebUrl(content.unsubscribeUrl) : undefined;
  const paragraph = (text: string, color = TEXT) =>
    `<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:24px;color:${color};">${escapeHtml(text)}</p>`;

  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>` +
      `<td style="border-radius:6px;background:${BRAND};">` +
      `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;${FONT}font-size:14px;line-height:20px;color:${MUTED};">Si el botón no funciona, copia esta dirección en tu navegador:<br>` +
      `<a href="${escapeHtml(action.url)}" style="color:${BRAND};word-break:break-all;">${escapeHtml(action.url)}</a></p>`
    : "";

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
    button +
    notes.map((p) => paragraph(p, MUTED)).join("") +
    `</td></tr>` +
    `<tr><td style="padding:16px 32px 24px;border-top:1px solid #e2e8f0;${FONT}font-size:13px;line-height:18px;color:${MUTED};">` +
    `${escapeHtml(content.siteName)} · <a href="${escapeHtml(siteUrl)}" style="color:${MUTED};">${escapeHtml(siteUrl)}</a><br>` +
    `Este es un mensaje automático; no hace falta que respondas.` +
    (unsubscribeUrl
      ? `<br>¿No quieres recibir más correos como este? <a href="${escapeHtml(unsubscribeUrl)}" style="color:${MUTED};">Darme de baja</a>`
      : "") +
    `</td></tr></table></td></tr></table></body></html>\n`;

  const text = [
    content.siteName,
    "",
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}:`, action.url, ""] : []),
    ...notes.flatMap((p) => [p, ""]),
    "--",
    `${content.siteName} · ${siteUrl}`,
    "Este es un mensaje automático; no hace falta que respondas.",
    ...(unsubscribeUrl
      ? ["¿No quieres recibir más correos como este? Date de baja aquí:", unsubscribeUrl]
      : []),
    "",
  ].join("\n");

  return { subject: content.subject, html, text };
}
