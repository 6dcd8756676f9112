import { data } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { pageCacheHeaders } from "~/lib/cache";
import { userContext } from "~/lib/context";
import { CardImage } from "~/modules/catalog/components/card-image";
import type { Route } from "./+types/marketplace";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import { listPublicMarketplaceItems } from "~/modules/marketplace/marketplace.server";
import { pageTitle } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Marketplace") },
  {
    name: "description",
    content: "Artículos de segunda mano revisados y aprobados por la tienda.",
  },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  return data(
    { items: await listPublicMarketplaceItems() },
    { headers: pageCacheHeaders(context.get(userContext) !== null) },
  );
}

export default function MarketplacePage({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <>
      <PageHero title="Marketplace">
        Segunda mano revisada: cada artículo lo aprueba nuestro equipo antes de publicarse.
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-8">
        {items.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-8 text-center text-slate-700">
            ¡Vaya! No hay productos aquí.
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
              >
                <div className="aspect-[4/3] bg-slate-100">
                  <CardImage
                    imageKey={item.imageKeys[0]}
                    width={640}
                    sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                  />
                </div>
                <div className="flex flex-1 flex-col gap-1 p-3">
                  <p className="text-xs font-semibold text-brand-700">
                    {MARKETPLACE_CONDITION_LABELS[item.condition]}
                  </p>
                  <h2 className="line-clamp-2 font-medium text-slate-900">{item.name}</h2>
                  <p className="mt-auto text-lg font-bold text-slate-900">
                    {item.priceCents === null ? "Precio a consultar" : formatCents(item.priceCents)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
