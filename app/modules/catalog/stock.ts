import { LIMITS } from "~/lib/constants";

/** Stock state shown on the product page (spec §9 stock alert, plus a floor of a few units). */
export type StockStatus = "in_stock" | "low_stock" | "out_of_stock";

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  in_stock: "En stock",
  low_stock: "Últimas unidades",
  out_of_stock: "Agotado",
};

/**
 * "Agotado" at 0; "Últimas unidades" at or below the minimum stock level (when one is set,
 * spec §9) or at or below LIMITS.lowStockUnits; otherwise "En stock".
 */
export function stockStatus(stock: number, minimumStock: number): StockStatus {
  if (stock <= 0) return "out_of_stock";
  if ((minimumStock > 0 && stock <= minimumStock) || stock <= LIMITS.lowStockUnits)
    return "low_stock";
  return "in_stock";
}
