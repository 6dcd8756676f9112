import { FileWarning } from "~/components/icons/file-warning";
import { Link } from "react-router";
import { formatNumber } from "~/lib/numbers";
import { INVOICING_BLOCKED_MESSAGE } from "../constants";

/** Where the legal data invoices need is filled in. */
export const LEGAL_SETTINGS_HREF = "/admin/configuracion#datos-legales";

function awaitingText(count: number): string {
  return count === 1
    ? "1 pedido pagado espera su factura."
    : `${formatNumber(count)} pedidos pagados esperan su factura.`;
}

export interface InvoicingBlocked {
  awaiting: number;
  /** The company's name, NIF or address is missing; or issuing failed and is being retried. */
  reason: "legal-data" | "failed";
}

const ISSUING_FAILED_MESSAGE =
  'La emisión de facturas ha fallado y se reintenta cada minuto. Revisa el registro del servidor ("invoice not issued") y comprueba la cadena de registros con npm run invoices:verify.';

/**
 * The admin warning while invoices are not being issued, with the paid orders waiting for
 * theirs. `blocked` null: nothing to show.
 */
export function InvoicingBlockedNotice({ blocked }: { blocked: InvoicingBlocked | null }) {
  if (!blocked) return null;
  const legal = blocked.reason === "legal-data";
  return (
    <section
      aria-labelledby="facturacion-detenida"
      className="mt-6 flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-950"
    >
      <FileWarning aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <h2 id="facturacion-detenida" className="font-semibold">
          Facturación detenida
        </h2>
        <p className="mt-1">{legal ? INVOICING_BLOCKED_MESSAGE : ISSUING_FAILED_MESSAGE}</p>
        {blocked.awaiting > 0 ? (
          <p className="mt-1 font-medium">{awaitingText(blocked.awaiting)}</p>
        ) : null}
        {legal ? (
          <p className="mt-2">
            <Link
              to={LEGAL_SETTINGS_HREF}
              className="font-medium text-red-900 underline underline-offset-2 hover:no-underline"
            >
              Completar los datos legales
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
