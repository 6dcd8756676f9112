import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { InvoiceDocument } from "./document.server";
import { renderInvoicePdf } from "./pdf.server";

/** A complete invoice replacing a simplified one: a 21 % line with a discount, a 4 % line, a used-goods line and shipping. */
const COMPLETE: InvoiceDocument = {
  id: 2,
  fullNumber: "C2026-000001",
  kind: "complete",
  verifactuType: "F3",
  verifactuMode: "off",
  issuedAt: new Date("2026-11-28T10:00:00Z"),
  issueDate: "2026-11-28",
  operationDate: "2026-11-27",
  issuer: { name: "Tienda Ejemplo, S.L.", taxId: "B12345674", address: "Calle Mayor 1, Madrid" },
  recipient: {
    name: "Íñigo Muñoz Peñalver",
    taxId: "12345678Z",
    address: "Avenida de la Constitución 12, 41004 Sevilla",
  },
  baseCents: 18_282,
  taxCents: 1_915,
  totalCents: 20_197,
  reason: null,
  order: { id: 3, number: "P-2026-ABC123", userId: "u1" },
  exemption: null,
  lines: [
    {
      position: 1,
      description: "Auriculares inalámbricos",
      quantity: 2,
      unitPriceCents: 4_999,
      discountCents: 500,
      lineTotalCents: 9_498,
      vatRateBp: 2100,
      usedGoodsScheme: false,
      isShipping: false,
    },
    {
      position: 2,
      description: "Libro: El Quijote",
      quantity: 1,
      unitPriceCents: 1_500,
      discountCents: 0,
      lineTotalCents: 1_500,
      vatRateBp: 400,
      usedGoodsScheme: false,
      isShipping: false,
    },
    {
      position: 3,
      description: "Cámara usada Canon AE-1",
      quantity: 1,
      unitPriceCents: 8_000,
      discountCents: 0,
      lineTotalCents: 8_000,
      vatRateBp: 2100,
      usedGoodsScheme: true,
      isShipping: false,
    },
    {
      position: 4,
      description: "Gastos de envío",
      quantity: 1,
      unitPriceCents: 1_199,
      discountCents: 0,
      lineTotalCents: 1_199,
      vatRateBp: 2100,
      usedGoodsScheme: false,
      isShipping: true,
    },
  ],
  taxLines: [
    {
      usedGoodsScheme: false,
      vatRateBp: 2100,
      baseCents: 8_840,
      taxCents: 1_857,
      totalCents: 10_697,
    },
    { usedGoodsScheme: false, vatRateBp: 400, baseCents: 1_442, taxCents: 58, totalCents: 1_500 },
    { usedGoodsScheme: true, vatRateBp: 2100, baseCents: 8_000, taxCents: 0, totalCents: 8_000 },
  ],
  replaces: { fullNumber: "F2026-000003", kind: "simplified", issueDate: "2026-11-27" },
  corrects: null,
  qr: {
    issuerTaxId: "B12345674",
    numSerie: "C2026-000001",
    issueDateText: "28-11-2026",
    totalText: "201.97",
  },
};

const CORRECTIVE: InvoiceDocument = {
  ...COMPLETE,
  id: 3,
  fullNumber: "R2026-000001",
  kind: "corrective",
  verifactuType: "R5",
  operationDate: null,
  recipient: null,
  reason: "Devolución del pedido",
  lines: [{ ...COMPLETE.lines[1]!, quantity: -1, lineTotalCents: -1_500 }],
  taxLines: [
    {
      usedGoodsScheme: false,
      vatRateBp: 400,
      baseCents: -1_442,
      taxCents: -58,
      totalCents: -1_500,
    },
  ],
  baseCents: -1_442,
  taxCents: -58,
  totalCents: -1_500,
  replaces: null,
  corrects: { fullNumber: "F2026-000003", kind: "simplified", issueDate: "2026-11-27" },
};

async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  return text.replace(/\u00a0/g, " ");
}

describe("the invoice PDF", () => {
  it("a complete invoice: recipient, operation date, what it replaces, per-rate rows, used goods", async () => {
    const text = await textOf(await renderInvoicePdf(COMPLETE, { verifactuMode: "off" }));
    expect(text).toContain("Factura completa");
    expect(text).toContain("Número: C2026-000001");
    expect(text).toContain("Fecha de expedición: 28/11/2026");
    expect(text).toContain("Fecha de la operación: 27/11/2026");
    expect(text).toContain("DESTINATARIO Íñigo Muñoz Peñalver NIF: 12345678Z");
    expect(text).toContain("Sustituye a la factura simplificada F2026-000003 de 27/11/2026.");
    // A line with its discount; the used-goods line shows no IVA; shipping is its own line.
    expect(text).toContain("Auriculares inalámbricos 2 41,31 € 49,99 € -5,00 € 94,98 € 21 %");
    expect(text).toContain("Cámara usada Canon AE-1 1 — 80,00 € — 80,00 € REBU");
    expect(text).toContain("Gastos de envío 1 9,91 € 11,99 €");
    expect(text).toContain("21 % 88,40 € 18,57 € 106,97 €");
    expect(text).toContain("4 % 14,42 € 0,58 € 15,00 €");
    expect(text).toContain("Bienes usados (REBU) — — 80,00 €");
    expect(text).toContain("Total 201,97 €");
    expect(text).toContain("Régimen especial de los bienes usados");
    expect(text).toContain("QR tributario:");
    expect(text).not.toContain("VERI*FACTU");
  });

  it("a corrective invoice: what it rectifies and why, negative amounts, no recipient", async () => {
    const text = await textOf(await renderInvoicePdf(CORRECTIVE, { verifactuMode: "off" }));
    expect(text).toContain("Factura rectificativa");
    expect(text).toContain(
      "Rectifica la factura simplificada F2026-000003 de 27/11/2026. Motivo: Devolución del pedido",
    );
    expect(text).toContain("Total -15,00 €");
    expect(text).not.toContain("DESTINATARIO");
    expect(text).not.toContain("Fecha de la operación");
    expect(text).not.toContain("Régimen especial de los bienes usados");
  });

  it("says «VERI*FACTU» under the QR only when the records are sent", async () => {
    for (const mode of ["test", "production"] as const) {
      const text = await textOf(await renderInvoicePdf(COMPLETE, { verifactuMode: mode }));
      expect(text).toContain("QR tributario: VERI*FACTU");
    }
  });

  it("fits a long order on more pages, the table's heading repeated", async () => {
    const many = {
      ...COMPLETE,
      lines: Array.from({ length: 60 }, (_, i) => ({
        ...COMPLETE.lines[1]!,
        position: i + 1,
        description: `Libro número ${i + 1}`,
      })),
    };
    const pdf = await getDocumentProxy(
      new Uint8Array(await renderInvoicePdf(many, { verifactuMode: "off" })),
    );
    expect(pdf.numPages).toBeGreaterThan(1);
    const { text } = await extractText(pdf);
    expect(text.at(-1)).toContain("Descripción");
    expect(text.at(-1)).toContain("Libro número 60");
  });
});

describe("the invoice PDF's page", () => {
  /** The first page's size, and how many raster images the file holds (the logo is one). */
  async function pageOf(pdf: Buffer) {
    const page = await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    // pdfkit writes each image as an XObject whose dictionary is plain text in the file.
    const images = pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;
    return { width, height, images };
  }

  it("is A4 and carries the shop's logo when the shop has one", async () => {
    const logo = await sharp({
      create: { width: 120, height: 40, channels: 3, background: "#0f766e" },
    })
      .png()
      .toBuffer();
    const without = await pageOf(await renderInvoicePdf(COMPLETE, { verifactuMode: "off" }));
    const withLogo = await pageOf(await renderInvoicePdf(COMPLETE, { verifactuMode: "off", logo }));
    // A4 is 210 × 297 mm: 595.28 × 841.89 points.
    expect(without.width).toBeCloseTo(595.28, 1);
    expect(without.height).toBeCloseTo(841.89, 1);
    expect(withLogo.images).toBe(without.images + 1);
  });
});
