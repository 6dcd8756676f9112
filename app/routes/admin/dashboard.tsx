import {
  FileWarning as fileWarningIcon,
  FlaskConical as flaskConicalIcon,
  History as historyIcon,
  Store as storeIcon,
} from "lucide";
import { icon } from "~/components/ui/icons";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { ADMIN_LINKS } from "~/components/admin/admin-links";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatCards } from "~/components/admin/stat-cards";
import { LIMITS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import { pageTitle } from "~/lib/page-title";
import { ACTIVITY_PATH } from "~/modules/activity/log";
import { getLatestActivity } from "~/modules/activity/log.server";
import { NEW_CUSTOMER_DAYS } from "~/modules/analytics/dashboard";
import { getDashboardStats, getTodaySales } from "~/modules/analytics/dashboard.server";
import { isTestMode } from "~/modules/payments/provider.server";
import { formatNumber } from "~/lib/numbers";
import { listUnknownPlaceholders } from "~/modules/content/static-page.server";
import {
  LEGAL_FIELD_ANCHORS,
  LEGAL_FIELD_LABELS,
  missingLegalFields,
} from "~/modules/settings/legal-completeness";
import { getLegalData } from "~/modules/settings/site-settings.server";

const FileWarning = icon(fileWarningIcon);
const FlaskConical = icon(flaskConicalIcon);
const History = icon(historyIcon);
const Store = icon(storeIcon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Panel · Administración") },
];

export async function loader() {
  const [stats, today, activity, legal, placeholderGaps] = await Promise.all([
    getDashboardStats(),
    getTodaySales(),
    // The activity log's newest lines; times formatted on the server (Europe/Madrid).
    getLatestActivity(LIMITS.dashboardRecentActivity),
    getLegalData(),
    // Texts of /admin/contenido with a [placeholder] no setting fills: the public page omits them.
    listUnknownPlaceholders(),
  ]);
  return {
    stats,
    today,
    activity,
    // No Stripe: the built-in test payment takes the orders (ADR 0023); the admin must know.
    testPayments: isTestMode(),
    // The seller's data the legal pages and the checkout need (LSSI art. 10, TRLGDCU art. 97).
    legalMissing: missingLegalFields(legal),
    placeholderGaps,
  };
}

const linkClass =
  "font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { stats, today, activity, testPayments, legalMissing, placeholderGaps } = loaderData;
  const quickLinks = ADMIN_LINKS.filter((link) => link.to !== "/admin/dashboard");
  return (
    <>
      <AdminPageHeader
        title="Panel de control"
        description="Resumen de la tienda con los datos actuales."
      />
      {testPayments ? (
        <div className="mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong>Pagos de prueba activos: los pedidos no se cobran.</strong> Al pagar, el cliente
            llega a una página de pago de prueba y el pedido queda pagado sin cobrar nada. Para
            cobrar de verdad, configura <code>STRIPE_SECRET_KEY</code> y{" "}
            <code>STRIPE_WEBHOOK_SECRET</code> en el servidor y reinícialo (
            <Link to="/admin/configuracion#pagos" className={linkClass}>
              Configuración · Pagos
            </Link>
            ).
          </p>
        </div>
      ) : null}
      {legalMissing.length || placeholderGaps.length ? (
        <section
          aria-labelledby="datos-pendientes"
          className="mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <FileWarning aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0">
            <h2 id="datos-pendientes" className="font-semibold">
              Faltan datos en los textos legales de la tienda
            </h2>
            {legalMissing.length ? (
              <>
                <p className="mt-1">
                  Mientras no los completes, el aviso legal, las condiciones, la política de
                  privacidad, la de devoluciones, la página de contacto y la compra dicen que la
                  información se está completando:
                </p>
                <ul className="mt-2 list-disc space-y-0.5 pl-5">
                  {legalMissing.map((field) => (
                    <li key={field}>
                      <Link to={LEGAL_FIELD_ANCHORS[field]} className={linkClass}>
                        {LEGAL_FIELD_LABELS[field]}
                      </Link>
                    </li>
                  ))}
                </ul>
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
                <ul className="mt-2 list-disc space-y-0.5 pl-5">
                  {placeholderGaps.map((gap) => (
                    <li key={gap.page} className="break-words">
                      <Link to={`/admin/contenido/${gap.page}`} className={linkClass}>
                        {gap.title}
                      </Link>
                      : {gap.placeholders.join(", ")}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        </section>
      ) : null}
      <div className="mt-6">
        <StatCards
          label="Resumen de la tienda"
          items={[
            {
              label: "Ventas de hoy",
              value: formatCents(today.salesCents),
              hint: "Pedidos de hoy ya pagados, IVA incluido",
              href: "/admin/pedidos",
            },
            {
              label: "Pedidos de hoy",
              value: formatNumber(today.orders),
              hint: "Realizados hoy y pagados; sin cancelados ni reembolsados",
              href: "/admin/pedidos",
            },
            {
              label: "Productos",
              value: formatNumber(stats.products),
              hint: `${formatNumber(stats.visibleProducts)} visibles en la tienda`,
              href: "/admin/productos",
            },
            {
              label: "Productos con stock bajo",
              value: formatNumber(stats.lowStock),
              hint: "Stock igual o inferior al mínimo",
              href: "/admin/productos?stock=bajo",
            },
            {
              label: "Clientes",
              value: formatNumber(stats.customers),
              hint: `${formatNumber(stats.newCustomers)} ${stats.newCustomers === 1 ? "nuevo" : "nuevos"} en los últimos ${NEW_CUSTOMER_DAYS} días`,
              href: "/admin/usuarios",
            },
            {
              label: "Marketplace pendiente de aprobar",
              value: formatNumber(stats.pendingMarketplace),
              hint: "Artículos de segunda mano sin aprobar",
              href: "/admin/marketplace-productos",
            },
          ]}
        />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section
          aria-labelledby="actividad-reciente"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="actividad-reciente" className="text-lg font-semibold text-slate-900">
            Actividad reciente
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Los últimos cambios hechos desde la administración.{" "}
            <Link to={ACTIVITY_PATH} className={linkClass}>
              Ver todo el registro
            </Link>
          </p>
          {activity.length === 0 ? (
            <div className="mt-4 flex flex-col items-center rounded-lg border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-slate-500 shadow-sm">
                <History aria-hidden className="size-6" />
              </span>
              <p className="mt-3 font-medium text-slate-900">Todavía no hay actividad.</p>
              <p className="mt-1 max-w-sm text-sm text-slate-600">
                Aquí aparecerá cada cambio hecho desde la administración (productos, pedidos,
                usuarios, configuración), con quién lo hizo y cuándo.
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
              {activity.map((line) => (
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

        <nav
          aria-labelledby="accesos-rapidos"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="accesos-rapidos" className="text-lg font-semibold text-slate-900">
            Accesos rápidos
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
            {quickLinks.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Icon aria-hidden className="size-4 text-brand-700" /> {label}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to="/"
                className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <Store aria-hidden className="size-4 text-brand-700" /> Ver la tienda
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </>
  );
}
