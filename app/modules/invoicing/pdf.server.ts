/**
 * An invoice as a PDF (A4, Spanish), with the contents RD 1619/2012 arts. 6–7 ask for and the
 * verification QR of art. 6.5 (Orden HAC/1177/2024 arts. 20–21): «QR tributario:» above it,
 * on the first page near the top, 35 mm square, error correction M, and «VERI*FACTU» below it
 * only when the records are sent to the AEAT. Text is set in DejaVu Sans (shipped under
 * ./fonts with its licence), so every Spanish character and «€» print whatever the name.
 */
import { formatIsoDay } from "~/lib/dates";
import { EXPORT_EXEMPTION_MENTION } from "./exemption";
import fs from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatCents } from "~/lib/money";
import { formatRate, roundHalfAway } from "./amounts";
import { INVOICE_KIND_LABELS, USED_GOODS_MENTION } from "./constants";
import type { InvoiceDocument, InvoiceDocumentLine, InvoiceReference } from "./document.server";
import { cotejoUrl, isVerifactu, type VerifactuMode } from "./qr";

/** 1 mm in PDF points. */
const MM = 72 / 25.4;
const MARGIN = 15 * MM;
/** Orden HAC/1177/2024 art. 21.1: between 30 and 40 mm. */
const QR_SIZE = 35 * MM;
const BODY_SIZE = 9;
const SMALL_SIZE = 8;
const GREY = "#475569";
const RULE = "#cbd5e1";

/** The legend of an invoice whose records are sent (art. 6.5.b). */
export const VERIFACTU_LEGEND = "VERI*FACTU";
export const QR_HEADING = "QR tributario:";

/** Where the shipped fonts are: read relative to the app's folder, like the migrations. */
const FONT_DIR = path.resolve("app/modules/invoicing/fonts");
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/**
 * A Spanish A4 PDF in the shop's fonts (DejaVu Sans, read once, as "Body" and "Bold"; every
 * Spanish character prints), and its bytes, which resolve once `doc.end()` is called. The
 * invoices and the model withdrawal form use it.
 */
export function openPdf(
  margin: number,
  info: PDFKit.DocumentInfo,
): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  fonts ??= {
    regular: fs.readFileSync(path.join(FONT_DIR, "DejaVuSans.ttf")),
    bold: fs.readFileSync(path.join(FONT_DIR, "DejaVuSans-Bold.ttf")),
  };
  const doc = new PDFDocument({ size: "A4", margin, lang: "es-ES", displayTitle: true, info });
  doc.registerFont("Body", fonts.regular);
  doc.registerFont("Bold", fonts.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

export interface RenderOptions {
  /** The shop's logo, PNG or JPEG. */
  logo?: Buffer;
  /** Defaults to how the invoice's record was handled (document.verifactuMode). */
  verifactuMode?: VerifactuMode;
}

/** yyyy-mm-dd → dd/mm/yyyy. */
export function printedDate(isoDay: string): string {
  return formatIsoDay(isoDay);
}

/** «Sustituye a la factura simplificada F2026-000003 de 27/11/2026». */
export function referenceText(document: InvoiceDocument): string | null {
  const named = (ref: InvoiceReference) =>
    `${INVOICE_KIND_LABELS[ref.kind].replace(/^Factura/, "factura")} ${ref.fullNumber} de ${printedDate(ref.issueDate)}`;
  if (document.replaces) return `Sustituye a la ${named(document.replaces)}.`;
  if (document.corrects) {
    const reason = document.reason?.trim();
    return `Rectifica la ${named(document.corrects)}.${reason ? ` Motivo: ${reason}` : ""}`;
  }
  return null;
}

/** The unit price without IVA (art. 6.1.f), to the cent; null under the used-goods scheme. */
function netUnitPrice(line: InvoiceDocumentLine): number | null {
  if (line.usedGoodsScheme) return null;
  return roundHalfAway((line.unitPriceCents * 10_000) / (10_000 + line.vatRateBp));
}

interface Column {
  header: string;
  width: number;
  align: "left" | "right";
  value: (line: InvoiceDocumentLine) => string;
}

/** Renders the invoice; resolves with the PDF's bytes. */
export async function renderInvoicePdf(
  document: InvoiceDocument,
  options: RenderOptions = {},
): Promise<Buffer> {
  const mode = options.verifactuMode ?? document.verifactuMode;
  const title = INVOICE_KIND_LABELS[document.kind];
  const { doc, bytes } = openPdf(MARGIN, {
    Title: `${title} ${document.fullNumber}`,
    Author: document.issuer.name,
    Subject: `Pedido ${document.order.number}`,
    // The issue time, so the same invoice renders the same (bar the file's random id).
    CreationDate: document.issuedAt,
    ModDate: document.issuedAt,
  });

  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const contentWidth = right - left;
  const bottom = doc.page.height - MARGIN;

  // ── Header: the QR (top left), the issuer (with the logo), the invoice's identity (right).
  doc.font("Body").fontSize(BODY_SIZE).fillColor("#000");
  doc.text(QR_HEADING, left, MARGIN, { width: QR_SIZE, align: "center" });
  const qrTop = MARGIN + 14;
  const qr = QRCode.create(cotejoUrl(document.qr, mode), { errorCorrectionLevel: "M" });
  const cells = qr.modules.size;
  const cell = QR_SIZE / cells;
  for (let row = 0; row < cells; row += 1) {
    for (let col = 0; col < cells; col += 1) {
      if (qr.modules.get(row, col)) doc.rect(left + col * cell, qrTop + row * cell, cell, cell);
    }
  }
  doc.fill("#000");
  let qrBottom = qrTop + QR_SIZE + 4;
  if (isVerifactu(mode)) {
    doc.font("Body").fontSize(BODY_SIZE).text(VERIFACTU_LEGEND, left, qrBottom, {
      width: QR_SIZE,
      align: "center",
    });
    qrBottom = doc.y;
  }

  // Beside the QR, 6 mm of quiet zone away (the spec's recommendation).
  const issuerX = left + QR_SIZE + 8 * MM;
  const identityWidth = 62 * MM;
  const identityX = right - identityWidth;
  const issuerWidth = identityX - issuerX - 4 * MM;
  let issuerY = MARGIN;
  if (options.logo) {
    try {
      doc.image(options.logo, issuerX, issuerY, { fit: [issuerWidth, 18 * MM] });
      issuerY += 18 * MM + 3 * MM;
    } catch {
      // An image pdfkit cannot read: the invoice goes out without it.
    }
  }
  doc.font("Bold").fontSize(10).text(document.issuer.name, issuerX, issuerY, {
    width: issuerWidth,
  });
  doc.font("Body").fontSize(BODY_SIZE);
  doc.text(`NIF: ${document.issuer.taxId}`, { width: issuerWidth });
  doc.text(document.issuer.address, { width: issuerWidth });
  const issuerBottom = doc.y;

  doc.font("Bold").fontSize(15).text(title, identityX, MARGIN, {
    width: identityWidth,
    align: "right",
  });
  doc.moveDown(0.3);
  const identityRows: [string, string][] = [
    ["Número", document.fullNumber],
    ["Fecha de expedición", printedDate(document.issueDate)],
    ...(document.operationDate
      ? [["Fecha de la operación", printedDate(document.operationDate)] as [string, string]]
      : []),
    ["Pedido", document.order.number],
  ];
  doc.font("Body").fontSize(10).fillColor("#000");
  for (const [label, value] of identityRows) {
    doc.text(`${label}: ${value}`, identityX, doc.y, { width: identityWidth, align: "right" });
  }
  const identityBottom = doc.y;

  let y = Math.max(qrBottom, issuerBottom, identityBottom) + 6 * MM;

  // ── The recipient (complete invoices and their corrections), and what this one refers to.
  if (document.recipient) {
    doc.font("Bold").fontSize(BODY_SIZE).fillColor(GREY).text("DESTINATARIO", left, y);
    doc.fillColor("#000").fontSize(10).text(document.recipient.name, { width: contentWidth });
    doc.font("Body").fontSize(BODY_SIZE);
    doc.text(`NIF: ${document.recipient.taxId}`, { width: contentWidth });
    if (document.recipient.address) doc.text(document.recipient.address, { width: contentWidth });
    y = doc.y + 4 * MM;
  }
  const reference = referenceText(document);
  if (reference) {
    doc.font("Bold").fontSize(BODY_SIZE).fillColor("#000").text(reference, left, y, {
      width: contentWidth,
    });
    y = doc.y + 4 * MM;
  }

  // ── Lines.
  const hasDiscount = document.lines.some((line) => line.discountCents !== 0);
  const fixed: Column[] = [
    { header: "Cant.", width: 34, align: "right", value: (l) => String(l.quantity) },
    {
      header: "Precio sin IVA",
      width: 62,
      align: "right",
      value: (l) => {
        const net = netUnitPrice(l);
        return net === null ? "—" : formatCents(net);
      },
    },
    {
      header: "Precio IVA incl.",
      width: 66,
      align: "right",
      value: (l) => formatCents(l.unitPriceCents),
    },
    ...(hasDiscount
      ? [
          {
            header: "Descuento",
            width: 58,
            align: "right",
            value: (l: InvoiceDocumentLine) =>
              l.discountCents === 0 ? "—" : formatCents(-l.discountCents),
          } satisfies Column,
        ]
      : []),
    { header: "Importe", width: 66, align: "right", value: (l) => formatCents(l.lineTotalCents) },
    {
      header: "IVA",
      width: 40,
      align: "right",
      value: (l) => (l.usedGoodsScheme ? "REBU" : formatRate(l.vatRateBp)),
    },
  ];
  const descriptionWidth = contentWidth - fixed.reduce((sum, c) => sum + c.width, 0);
  const columns: Column[] = [
    {
      header: "Descripción",
      width: descriptionWidth,
      align: "left",
      value: (l) => l.description,
    },
    ...fixed,
  ];
  const pad = 3;

  const drawHeader = () => {
    doc.font("Bold").fontSize(SMALL_SIZE).fillColor(GREY);
    let x = left;
    const height = Math.max(
      ...columns.map((c) => doc.heightOfString(c.header, { width: c.width - 2 * pad })),
    );
    for (const column of columns) {
      doc.text(column.header, x + pad, y, { width: column.width - 2 * pad, align: column.align });
      x += column.width;
    }
    y += height + 3;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.8).strokeColor(GREY).stroke();
    y += 4;
  };
  const ensureRoom = (height: number, repeatHeader: boolean) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = MARGIN;
    if (repeatHeader) drawHeader();
  };

  drawHeader();
  for (const line of document.lines) {
    doc.font("Body").fontSize(BODY_SIZE);
    const height = Math.max(
      ...columns.map((c) => doc.heightOfString(c.value(line), { width: c.width - 2 * pad })),
    );
    ensureRoom(height + 6, true);
    doc.fillColor("#000");
    let x = left;
    for (const column of columns) {
      doc.text(column.value(line), x + pad, y, {
        width: column.width - 2 * pad,
        align: column.align,
      });
      x += column.width;
    }
    y += height + 3;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
    y += 3;
  }

  // ── Per rate: base, rate, tax (art. 6.1.g–h, 6.2, 7.1.f); used goods show no IVA.
  y += 4 * MM;
  const taxColumns = [
    { header: "Tipo de IVA", width: 150, align: "left" as const },
    { header: "Base imponible", width: 100, align: "right" as const },
    { header: "Cuota de IVA", width: 100, align: "right" as const },
    { header: "Total", width: 100, align: "right" as const },
  ];
  const taxLeft = right - taxColumns.reduce((sum, c) => sum + c.width, 0);
  const taxRows = document.taxLines.map((row) =>
    row.usedGoodsScheme
      ? ["Bienes usados (REBU)", "—", "—", formatCents(row.totalCents)]
      : [
          formatRate(row.vatRateBp),
          formatCents(row.baseCents),
          formatCents(row.taxCents),
          formatCents(row.totalCents),
        ],
  );
  ensureRoom(16 * (taxRows.length + 5), false);
  const drawRow = (cellsText: string[], font: "Body" | "Bold", color = "#000") => {
    doc.font(font).fontSize(BODY_SIZE).fillColor(color);
    let x = taxLeft;
    taxColumns.forEach((column, i) => {
      doc.text(cellsText[i] ?? "", x + pad, y, {
        width: column.width - 2 * pad,
        align: column.align,
      });
      x += column.width;
    });
    y += doc.currentLineHeight() + 4;
  };
  // A line across the tax table, just above the current row.
  const taxRule = (width: number, color: string) =>
    doc
      .moveTo(taxLeft, y - 2)
      .lineTo(right, y - 2)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  drawRow(
    taxColumns.map((c) => c.header),
    "Bold",
    GREY,
  );
  taxRule(0.8, GREY);
  for (const row of taxRows) drawRow(row, "Body");

  // ── Totals.
  const general = document.taxLines.filter((row) => !row.usedGoodsScheme);
  const usedGoods = document.taxLines.filter((row) => row.usedGoodsScheme);
  y += 2 * MM;
  taxRule(0.5, RULE);
  const totalRow = (label: string, cents: number, strong = false) => {
    doc
      .font(strong ? "Bold" : "Body")
      .fontSize(strong ? 11 : BODY_SIZE)
      .fillColor("#000");
    const labelWidth = taxColumns.slice(0, 3).reduce((sum, c) => sum + c.width, 0);
    doc.text(label, taxLeft + pad, y, { width: labelWidth - 2 * pad, align: "right" });
    doc.text(formatCents(cents), taxLeft + labelWidth + pad, y, {
      width: taxColumns[3]!.width - 2 * pad,
      align: "right",
    });
    y += doc.currentLineHeight() + 4;
  };
  totalRow(
    "Base imponible",
    general.reduce((sum, row) => sum + row.baseCents, 0),
  );
  totalRow(
    "Cuota de IVA",
    general.reduce((sum, row) => sum + row.taxCents, 0),
  );
  if (usedGoods.length > 0) {
    totalRow(
      "Bienes usados (REBU)",
      usedGoods.reduce((sum, row) => sum + row.totalCents, 0),
    );
  }
  totalRow("Total", document.totalCents, true);

  // ── Mentions.
  y += 4 * MM;
  const mentions: string[] = [];
  if (usedGoods.length > 0 || document.lines.some((line) => line.usedGoodsScheme)) {
    mentions.push(`${USED_GOODS_MENTION}.`);
  }
  if (document.exemption) mentions.push(EXPORT_EXEMPTION_MENTION);
  else if (document.kind === "simplified") mentions.push("Precios con IVA incluido.");
  for (const mention of mentions) {
    doc.font("Body").fontSize(BODY_SIZE);
    ensureRoom(doc.heightOfString(mention, { width: contentWidth }) + 4, false);
    doc.fillColor("#000").text(mention, left, y, { width: contentWidth });
    y = doc.y + 2;
  }

  doc.end();
  return bytes;
}
