import { formatNumber } from "~/lib/numbers";
import { MarketplaceCard, type MarketplaceCardProps } from "./marketplace-card";

/** "1 artículo del Marketplace", "12 artículos del Marketplace". */
export function marketplaceCount(total: number) {
  return total === 1
    ? "1 artículo del Marketplace"
    : `${formatNumber(total)} artículos del Marketplace`;
}

/** Marketplace items found by the header search, each labelled with its shop. */
export function MarketplaceResults({
  marketplace,
  separate,
}: {
  marketplace: { items: MarketplaceCardProps[] };
  separate: boolean;
}) {
  if (marketplace.items.length === 0) {
    return separate ? null : (
      <p className="mt-6 rounded-xl bg-slate-50 p-8 text-center text-slate-700">
        ¡Vaya! No hay productos aquí.
      </p>
    );
  }
  return (
    <section aria-labelledby="resultados-marketplace" className={separate ? "mt-6" : "mt-4"}>
      <h2 id="resultados-marketplace" className="text-lg font-semibold text-slate-900">
        Del Marketplace <span className="font-normal text-slate-600">(segunda mano)</span>
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {marketplace.items.map((item) => (
          <li key={item.id}>
            <MarketplaceCard item={item} showShop />
          </li>
        ))}
      </ul>
    </section>
  );
}
