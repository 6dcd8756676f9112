import { ArrowRight } from "~/components/icons/arrow-right";
import { Inbox } from "~/components/icons/inbox";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { ADMIN_SERVICE_REQUESTS_PATH } from "~/lib/admin-paths";
import { formatNumber } from "~/lib/numbers";

/** /admin/servicios: the way to the visitors' requests, with how many are still new. */
export function ServiceRequestsLink({ newCount }: { newCount: number }) {
  return (
    <section
      aria-labelledby="solicitudes-titulo"
      className={cn(
        "flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between",
        newCount > 0 ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white",
      )}
    >
      <div className="flex items-center gap-3">
        <Inbox aria-hidden="true" className="size-6 shrink-0 text-slate-800" />
        <div>
          <h2 id="solicitudes-titulo" className="font-semibold text-slate-900">
            Solicitudes
          </h2>
          <p className="text-slate-800">
            <strong className="text-xl font-bold">{formatNumber(newCount)}</strong>{" "}
            {newCount === 1 ? "solicitud nueva sin contestar" : "solicitudes nuevas sin contestar"}
          </p>
        </div>
      </div>
      <Link
        to={ADMIN_SERVICE_REQUESTS_PATH}
        className="inline-flex items-center gap-2 self-start rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 sm:self-auto"
      >
        Ver solicitudes
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
