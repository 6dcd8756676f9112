/** Browser-safe parts of the admin dashboard, shared by dashboard.server.ts and the page. */
import { LIMITS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import { formatNumber } from "~/lib/numbers";

/** Orders that count as sales: paid onward, not cancelled nor refunded. */
export const SALE_STATUSES = ["paid", "preparing", "shipped", "delivered"] as const;

/** The dashboard's figures as the stat cards show them, each linking to the list behind it. */
export function dashboardCards(
  stats: {
    products: number;
    visibleProducts: number;
    lowStock: number;
    customers: number;
    newCustomers: number;
    pendingMarketplace: number;
  },
  today: { salesCents: number; orders: number },
) {
  return [
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
      hint: `${formatNumber(stats.newCustomers)} ${stats.newCustomers === 1 ? "nuevo" : "nuevos"} en los últimos ${LIMITS.newCustomerDays} días`,
      href: "/admin/usuarios",
    },
    {
      label: "Marketplace pendiente de aprobar",
      value: formatNumber(stats.pendingMarketplace),
      hint: "Artículos de segunda mano sin aprobar",
      href: "/admin/marketplace-productos",
    },
  ];
}
