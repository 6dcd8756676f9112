import { formatCents } from "~/lib/money";
import { salePriceOf } from "../pricing";

/** Price, or the sale price with the regular one struck through (only when on sale with a sale price). */
export function Price({
  priceCents,
  salePriceCents,
  isOnSale,
  size = "md",
}: {
  priceCents: number;
  salePriceCents: number | null;
  isOnSale: boolean;
  size?: "md" | "lg";
}) {
  const big = size === "lg" ? "text-3xl" : "text-lg";
  const salePrice = salePriceOf({ priceCents, salePriceCents, isOnSale });
  if (salePrice !== null) {
    return (
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className={`${big} font-bold text-red-700`}>{formatCents(salePrice)}</span>
        <s className="text-sm text-slate-600">
          <span className="sr-only">Antes: </span>
          {formatCents(priceCents)}
        </s>
      </p>
    );
  }
  return <p className={`${big} font-bold text-slate-900`}>{formatCents(priceCents)}</p>;
}
