import type { Route } from "./+types/dashboard";
import { formatCents } from "~/lib/money";
import { getDashboardStats } from "~/modules/analytics/dashboard.server";

export const meta: Route.MetaFunction = () => [{ title: "Panel · Administración · Tienda" }];

export async function loader() {
  return { stats: await getDashboardStats() };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const number = new Intl.NumberFormat("es-ES");
  const cards = [
    { label: "Productos", value: number.format(stats.products) },
    { label: "Valor del stock", value: formatCents(stats.stockValueCents) },
    { label: "Productos con stock bajo", value: number.format(stats.lowStock) },
    { label: "Usuarios registrados", value: number.format(stats.users) },
    { label: "Marketplace pendiente de aprobar", value: number.format(stats.pendingMarketplace) },
    { label: "Servicios", value: number.format(stats.services) },
    {
      label: "Reseñas",
      value:
        stats.averageRating === null
          ? number.format(stats.reviews)
          : `${number.format(stats.reviews)} · media ${stats.averageRating.toLocaleString("es-ES", { maximumFractionDigits: 1, minimumFractionDigits: 1 })}`,
    },
  ];
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Panel de control</h1>
      <p className="mt-1 text-slate-600">Resumen de la tienda con los datos actuales.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li
            key={card.label}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <p className="text-sm text-slate-600">{card.label}</p>
            <p className="mt-2 text-2xl font-bold text-slate-900">{card.value}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
