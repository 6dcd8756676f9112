import { History } from "~/components/icons/history";
import { Store } from "~/components/icons/store";
import { Link } from "react-router";
import { ADMIN_LINKS } from "~/components/admin/admin-links";

export const dashboardLinkClass =
  "font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";
const linkClass = dashboardLinkClass;
const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const quickLink =
  "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600";

export interface ActivityLine {
  id: number | string;
  summary: string;
  href?: string | null;
  actorEmail: string | null;
  atIso: string;
  atLabel: string;
}

/** The activity log's newest lines, with a link to all of it. */
export function RecentActivity({ lines, logPath }: { lines: ActivityLine[]; logPath: string }) {
  return (
    <section aria-labelledby="actividad-reciente" className={card}>
      <h2 id="actividad-reciente" className="text-lg font-semibold text-slate-900">
        Actividad reciente
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Los últimos cambios hechos desde la administración.{" "}
        <Link to={logPath} className={linkClass}>
          Ver todo el registro
        </Link>
      </p>
      {lines.length === 0 ? (
        <div className="mt-4 flex flex-col items-center rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-slate-500 shadow-sm">
            <History aria-hidden className="size-6" />
          </span>
          <p className="mt-3 font-medium text-slate-900">Todavía no hay actividad.</p>
          <p className="mt-1 max-w-sm text-sm text-slate-600">
            Aquí aparecerá cada cambio hecho desde la administración (productos, pedidos, usuarios,
            configuración), con quién lo hizo y cuándo.
          </p>
          <Link
            to="/admin/productos?nuevo"
            className="mt-4 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Empieza añadiendo un producto
          </Link>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {lines.map((line) => (
            <li key={line.id} className="flex gap-3 py-3">
              <History aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <div className="min-w-0">
                <p className="text-sm break-words text-slate-800">
                  {line.href ? (
                    <Link to={line.href} className={linkClass}>
                      {line.summary}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{line.summary}</span>
                  )}
                </p>
                <p className="text-xs text-slate-600">
                  {`${line.actorEmail ?? "Sistema"} · `}
                  <time dateTime={line.atIso}>{line.atLabel}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** «Accesos rápidos»: every admin page but the dashboard, and the shop. */
export function QuickLinks() {
  const links = [
    ...ADMIN_LINKS.filter((link) => link.to !== "/admin/dashboard"),
    { to: "/", label: "Ver la tienda", icon: Store },
  ];
  return (
    <nav aria-labelledby="accesos-rapidos" className={card}>
      <h2 id="accesos-rapidos" className="text-lg font-semibold text-slate-900">
        Accesos rápidos
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {links.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className={quickLink}>
              <Icon aria-hidden className="size-4 text-brand-700" /> {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
