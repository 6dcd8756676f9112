import { CACHE } from "~/lib/cache";
import { withdrawalFormPdf } from "~/modules/returns/index.server";

/** GET /desistimiento/formulario.pdf: the model withdrawal form with the shop's data (Annex B). */
export async function loader() {
  const bytes = await withdrawalFormPdf();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="formulario-de-desistimiento.pdf"',
      "Content-Length": String(bytes.length),
      // The shop's legal data may change at any time in /admin/configuracion: never kept.
      "Cache-Control": CACHE.privateNoStore,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
