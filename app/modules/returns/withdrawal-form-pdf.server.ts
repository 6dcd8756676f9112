/**
 * The model withdrawal form (TRLGDCU Annex B) as an A4 PDF with the shop's legal data, for
 * the customer to print or fill in. In the invoices' fonts.
 */
import { openPdf } from "~/modules/invoicing/index.server";
import { getMailIdentity } from "~/modules/settings/index.server";
import { WITHDRAWAL_FORM_TITLE, withdrawalFormLines } from "./withdrawal-form";

const MM = 72 / 25.4;
const MARGIN = 20 * MM;

export async function withdrawalFormPdf(): Promise<Buffer> {
  const { site } = await getMailIdentity();
  const lines = withdrawalFormLines({
    name: site.sender.legalName || site.siteName,
    address: site.sender.address,
    email: site.sender.contactEmail,
    siteUrl: site.siteUrl,
  });
  const { doc, bytes } = openPdf(MARGIN, {
    Title: WITHDRAWAL_FORM_TITLE,
    Author: site.sender.legalName || site.siteName,
  });
  const width = doc.page.width - 2 * MARGIN;
  const blank = () => {
    // Room to write, as ruled lines.
    for (let i = 0; i < 2; i++) {
      doc.moveDown(1.2);
      const y = doc.y;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width, y)
        .lineWidth(0.5)
        .strokeColor("#94a3b8")
        .stroke();
    }
    doc.moveDown(1);
  };

  doc.font("Bold").fontSize(15).fillColor("#000").text(WITHDRAWAL_FORM_TITLE, { width });
  doc.moveDown(0.3);
  doc.font("Body").fontSize(10).fillColor("#334155").text(lines.instruction, { width });
  doc.moveDown(1.2);
  doc.fillColor("#000").fontSize(11).text(lines.addressee, { width });
  doc.moveDown(0.8);
  for (const field of lines.fields) {
    doc.text(field, { width });
    blank();
  }
  doc.fontSize(10).text(lines.footnote, { width });
  doc.moveDown(2);
  doc
    .fontSize(9)
    .fillColor("#475569")
    .text(
      `${site.siteName} · ${site.siteUrl} — Si compraste en la tienda online, también puedes desistir desde la página de tu pedido con el botón «Desistir del contrato aquí». Usar este formulario no es obligatorio.`,
      { width },
    );
  doc.end();
  return bytes;
}
