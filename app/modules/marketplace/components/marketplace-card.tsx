import { Link } from "react-router";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { CardImage } from "~/modules/catalog/ui";
import { marketplaceItemPath, NON_WORKING_GRADES, type MarketplaceGrade } from "../marketplace";

export interface MarketplaceCardProps {
  id: number;
  name: string;
  priceCents: number | null;
  condition: MarketplaceGrade;
  imageKeys: string[];
  brand: string | null;
  reserved: boolean;
}

/** A marketplace item in a list: the whole card links to its page (a stretched link). */
export function MarketplaceCard({
  item,
  priority = false,
  showShop = false,
}: {
  item: MarketplaceCardProps;
  priority?: boolean;
  /** Say it comes from the marketplace (mixed search results). */
  showShop?: boolean;
}) {
  const nonWorking = NON_WORKING_GRADES.includes(item.condition);
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[4/3] bg-slate-100">
        <CardImage
          imageKey={item.imageKeys[0]}
          width={640}
          sizes="(min-width: 1280px) 25vw, (min-width: 640px) 33vw, 50vw"
          priority={priority}
        />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1">
          {showShop ? (
            <span className="rounded bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
              Marketplace
            </span>
          ) : null}
          {item.reserved ? (
            <span className="rounded bg-amber-800 px-2 py-0.5 text-xs font-bold text-white">
              Reservado
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className={cn("text-xs font-semibold", nonWorking ? "text-red-800" : "text-brand-800")}>
          <span className="sr-only">Grado: </span>
          {MARKETPLACE_CONDITION_LABELS[item.condition]}
          {nonWorking ? " · no funciona" : ""}
        </p>
        <h3 className="line-clamp-2 font-medium text-slate-900">
          <Link
            to={marketplaceItemPath(item)}
            className="after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none after:focus-visible:ring-2 after:focus-visible:ring-brand-600"
          >
            {item.name}
          </Link>
        </h3>
        {item.brand ? <p className="text-xs text-slate-600">{item.brand}</p> : null}
        <p className="mt-auto pt-1 text-lg font-bold text-slate-900">
          {item.priceCents === null ? "Precio a consultar" : formatCents(item.priceCents)}
        </p>
      </div>
    </article>
  );
}
