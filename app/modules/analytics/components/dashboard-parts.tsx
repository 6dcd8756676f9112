import {
  FileWarning as fileWarningIcon,
  FlaskConical as flaskConicalIcon,
  History as historyIcon,
  Store as storeIcon,
} from "lucide";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ADMIN_LINKS } from "~/components/admin/admin-links";
import { icon } from "~/components/ui/icons";

const FileWarning = icon(fileWarningIcon);
const FlaskConical = icon(flaskConicalIcon);
const History = icon(historyIcon);
const Store = icon(storeIcon);

const linkClass =
  "font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";
const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const warning =
  "mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950";
const quickLink =
  "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600";

/** No Stripe: the built-in test payment takes the orders (ADR 0023); the admin must know. */
export function TestPaymentsNotice() {
  return (
    <div className={warning}>
      <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong>Pagos de prueba activos: los pedidos no se cobran.</strong> Al pagar, el cliente
        llega a una página de pago de prueba y el pedido queda pagado sin cobrar nada. Para cobrar
        de verdad, configura <code>STRIPE_SECRET_KEY</code> y <code>STRIPE_WEBHOOK_SECRET</code> en
        el servidor y reinícialo (
        <Link to="/admin/configuracion#pagos" className={linkClass}>
          Configuración · Pagos
        </Link>
        ).
      </p>
    </div>
  );
}

function LinkList({ children }: { children: ReactNode }) {
  return <ul className="mt-2 list-disc space-y-0.5 pl-5">{children}</ul>;
}

/**
 * The seller's data the legal pages and the checkout need (LSSI art. 10, TRLGDCU art. 97), and
 * the texts with a [placeholder] no setting fills (the public page omits them).
 */
export function LegalGapsNotice({
  missing,
  placeholderGaps,
}: {
  missing: { label: string; href: string }[];
  placeholderGaps: { page: string; title: string; placeholders: string[] }[];
}) {
  if (missing.length === 0 && placeholderGaps.length === 0) return null;
  return (
    <section aria-labelledby="datos-pendientes" className={warning}>
      <FileWarning aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <h2 id="datos-pendientes" className="font-semibold">
          Faltan datos en los textos legales de la tienda
        </h2>
        {missing.length ? (
          <>
            <p className="mt-1">
              Mientras no los completes, el aviso legal, las condiciones, la política de privacidad,
              la de devoluciones, la página de contacto y la compra dicen que la información se está
              completando:
            </p>
            <LinkList>
              {missing.map((field) => (
                <li key={field.href}>
                  <Link to={field.href} className={linkClass}>
                    {field.label}
                  </Link>
                </li>
              ))}
            </LinkList>
            <p className="mt-2">
              Complétalos en{" "}
              <Link to="/admin/configuracion" className={linkClass}>
                Configuración
              </Link>
              .
            </p>
          </>
        ) : null}
        {placeholderGaps.length ? (
          <>
            <p className="mt-2">
              Estos textos tienen datos entre corchetes que ningún ajuste rellena, y la página
              pública los omite:
            </p>
            <LinkList>
              {placeholderGaps.map((gap) => (
                <li key={gap.page} className="break-words">
                  <Link to={`/admin/contenido/${gap.page}`} className={linkClass}>
                    {gap.title}
                  </Link>
                  : {gap.placeholders.join(", ")}
                </li>
              ))}
            </LinkList>
          </>
        ) : null}
      </div>
    </section>
  );
}

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
