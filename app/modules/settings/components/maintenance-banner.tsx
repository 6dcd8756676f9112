import { Construction } from "~/components/icons/construction";
import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { cn } from "~/lib/utils";
import { SETTINGS_PATH } from "../maintenance";

/** On every page an admin sees while the shop is in maintenance (the root loader decides). */
export function MaintenanceBanner({ className }: { className?: string }) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  if (!rootData?.maintenanceBanner) return null;
  return (
    <div
      role="status"
      className={cn(
        "flex flex-wrap items-center justify-center gap-x-2 gap-y-1 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950",
        className,
      )}
    >
      <Construction aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <strong>La tienda está en modo mantenimiento.</strong> Los visitantes y los clientes ven la
        página de mantenimiento; tú sigues viendo la tienda.
      </span>
      <Link to={SETTINGS_PATH} className="font-medium underline">
        Desactivar en Configuración
      </Link>
    </div>
  );
}
