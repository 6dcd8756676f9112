import { formatCents } from "~/lib/money";
import { announcedPrice, lowestPriceText } from "../omnibus";

/**
 * The price a customer pays. When a reduction may be announced (on sale, with a previous price
 * above the sale price: Ley 7/1996 art. 20), the struck-through price is the «precio anterior»
 * — the lowest price of the 30 days before the reduction — with «Precio más bajo de los últimos
 * 30 días: …» under it; otherwise the price alone, without any sign of a reduction.
 */
export function Price({
  priceCents,
  salePriceCents,
  isOnSale,
  previousPriceCents,
  size = "md",
}: {
  priceCents: number;
  salePriceCents: number | null;
  isOnSale: boolean;
  previousPriceCents: number | null;
  size?: "md" | "lg";
}) {
  const big = size === "lg" ? "text-3xl" : "text-lg";
  const { currentCents, previousCents } = announcedPrice({
    priceCents,
    salePriceCents,
    isOnSale,
    previousPriceCents,
  });
  if (previousCents !== null) {
    return (
      <div data-reduction>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className={`${big} font-bold text-red-700`}>{formatCents(currentCents)}</span>
          <s className="text-sm text-slate-600">
            <span className="sr-only">Antes: </span>
            {formatCents(previousCents)}
          </s>
        </p>
        <p className={size === "lg" ? "text-sm text-slate-700" : "text-xs text-slate-600"}>
          {lowestPriceText(previousCents)}
        </p>
      </div>
    );
  }
  return <p className={`${big} font-bold text-slate-900`}>{formatCents(currentCents)}</p>;
}
