/**
 * Recomputes the VeriFactu invoicing record chain and the invoice series from the database and
 * reports the first broken link (exit 1), or that everything holds (exit 0).
 *
 *   npm run invoices:verify
 *
 * With the embedded database (PGlite) the server must be stopped first.
 */
import { verifyInvoiceChain } from "~/modules/invoicing/verify.server";
import { formatNumber } from "~/lib/numbers";
import { exitWithError, openScriptDatabase } from "./lib/script-database";

async function main() {
  const database = await openScriptDatabase("scripts/verify-invoices.ts");
  try {
    const check = await verifyInvoiceChain(database.handle.db);
    if (check.ok) {
      console.log(
        `Cadena correcta: ${formatNumber(check.records)} registros de facturación y ${formatNumber(check.invoices)} facturas, sin huecos ni alteraciones.`,
      );
      return;
    }
    const where = check.position === null ? "" : ` en la posición ${check.position} de la cadena`;
    console.error(`Cadena rota${where}: ${check.problem}.`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch(exitWithError);
