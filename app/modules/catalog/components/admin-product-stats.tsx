import { StatCards } from "~/components/admin/stat-cards";
import { formatCents } from "~/lib/money";
import { formatNumber } from "~/lib/numbers";
import type { AdminProductStats as Stats } from "../admin-products.server";

/** The inventory figures above the admin product table (spec §7), of the whole catalogue. */
export function AdminProductStats({ stats }: { stats: Stats }) {
  return (
    <StatCards
      label="Resumen del inventario"
      items={[
        {
          label: "Valor total del stock",
          value: formatCents(stats.stockValueCents),
          hint: "Suma de stock × precio normal (sin ofertas), de todo el catálogo.",
        },
        {
          label: "Coste interno total",
          value: formatCents(stats.internalCostCents),
          hint: "Suma de stock × coste interno; sin coste interno cuenta 0.",
        },
        {
          label: "Productos",
          value: formatNumber(stats.products),
          hint: `${formatNumber(stats.units)} unidades en stock.`,
        },
        {
          label: "Con stock bajo",
          value: formatNumber(stats.lowStock),
          hint: "Stock igual o menor que el mínimo (si el mínimo es mayor que 0).",
        },
      ]}
    />
  );
}
