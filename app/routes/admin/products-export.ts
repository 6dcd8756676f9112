import { CACHE } from "~/lib/cache";
import { productCsvFileName, productCsvStream } from "~/modules/catalog/product-csv.server";

/**
 * GET /admin/productos/exportar — every product as CSV (product-csv.ts's format, private
 * fields included), streamed batch by batch. Behind the admin guard; never cached.
 */
export function loader() {
  return new Response(productCsvStream(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${productCsvFileName()}"`,
      "Cache-Control": CACHE.privateNoStore,
    },
  });
}
