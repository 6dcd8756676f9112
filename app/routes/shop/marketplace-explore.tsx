import { LIMITS } from "~/lib/constants";
import { data, Link } from "react-router";
import { pageTitle } from "~/lib/page-title";
import { ArrowRight } from "~/components/icons/arrow-right";
import type { Route } from "./+types/marketplace-explore";
import { PageHero } from "~/components/layout/page-hero";
import { userContext } from "~/lib/context";
import { MarketplaceCard } from "~/modules/marketplace/components/marketplace-card";
import { MarketplaceGuides } from "~/modules/marketplace/components/marketplace-info";
import {
  listMarketplaceByCategory,
  marketplaceCacheHeaders,
  toPublicCards,
} from "~/modules/marketplace/marketplace.server";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** /marketplace/explorar: the categories that have items, each with its first few. */
export async function loader({ context }: Route.LoaderArgs) {
  const groups = await listMarketplaceByCategory(LIMITS.marketplaceExplorePerCategory);
  const now = new Date();
  return data(
    {
      groups: groups.map(({ name, slug, itemCount, items }) => ({
        name,
        slug,
        itemCount,
        items: toPublicCards(items, now),
      })),
    },
    {
      headers: marketplaceCacheHeaders(
        context.get(userContext) !== null,
        groups.flatMap((group) => group.items),
        now,
      ),
    },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Explorar el Marketplace por categoría") },
  {
    name: "description",
    content: "Artículos de segunda mano revisados por la tienda, ordenados por categoría.",
  },
];

export default function MarketplaceExplorePage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <>
      <PageHero title="Explorar el Marketplace">
        Artículos de segunda mano revisados por nuestro equipo, categoría por categoría.
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <nav aria-label="Secciones del Marketplace" className="flex flex-wrap gap-2 text-sm">
          <Link to="/marketplace" className="font-medium text-brand-700 underline">
            Volver al Marketplace
          </Link>
          <span aria-hidden="true">·</span>
          <Link to="/marketplace/todos" className="font-medium text-brand-700 underline">
            Ver todos los artículos
          </Link>
        </nav>
        {groups.length === 0 ? (
          <p className="mt-6 rounded-xl bg-slate-50 p-8 text-center text-slate-700">
            ¡Vaya! No hay productos aquí.
          </p>
        ) : (
          <>
            <nav aria-label="Categorías del Marketplace" className="mt-6">
              <ul className="flex flex-wrap gap-2">
                {groups.map((group) => (
                  <li key={group.slug}>
                    <a
                      href={`#categoria-${group.slug}`}
                      className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                    >
                      {group.name} ({group.itemCount})
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            {groups.map((group) => (
              <section
                key={group.slug}
                id={`categoria-${group.slug}`}
                aria-labelledby={`titulo-${group.slug}`}
                className="mt-10 scroll-mt-24"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`titulo-${group.slug}`} className="text-xl font-bold text-slate-900">
                    {group.name}
                  </h2>
                  <Link
                    to={`/marketplace/todos?category=${encodeURIComponent(group.slug)}`}
                    className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
                  >
                    {group.itemCount === 1
                      ? "Ver el artículo"
                      : `Ver los ${group.itemCount} artículos`}
                    <span className="sr-only"> de {group.name}</span>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                </div>
                <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
                  {group.items.map((item) => (
                    <li key={item.id}>
                      <MarketplaceCard item={item} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
        <MarketplaceGuides />
      </div>
    </>
  );
}
