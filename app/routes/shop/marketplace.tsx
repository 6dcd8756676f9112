import { data, Link, useLocation } from "react-router";
import { FiltersAside } from "~/components/shop/filters-aside";
import type { Route } from "./+types/marketplace";
import { PageHero } from "~/components/layout/page-hero";
import { Pagination } from "~/components/layout/pagination";
import { pageBeyond } from "~/lib/pagination.server";
import { LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { MarketplaceCard } from "~/modules/marketplace/components/marketplace-card";
import { MarketplaceFilters } from "~/modules/marketplace/components/marketplace-filters";
import { MarketplaceGuides } from "~/modules/marketplace/components/marketplace-info";
import { parseMarketplaceParams, type MarketplaceSort } from "~/modules/marketplace/marketplace";
import {
  listMarketplaceCategories,
  listPublicMarketplace,
  marketplaceCacheHeaders,
  toPublicCards,
} from "~/modules/marketplace/marketplace.server";
import { pageTitle } from "~/lib/page-title";
import { formatNumber } from "~/lib/numbers";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * /marketplace (featured items first, by their order) and /marketplace/todos (every item, the
 * newest first): approved, publicly visible and unsold items, filtered by the URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const all = url.pathname === "/marketplace/todos";
  const defaultSort: MarketplaceSort = all ? "newest" : "featured";
  const params = parseMarketplaceParams(url.searchParams, defaultSort);
  const categories = await listMarketplaceCategories();
  const category = categories.find((c) => c.slug === params.category);
  const result = await listPublicMarketplace({
    q: params.q,
    categoryId: category?.id,
    grades: params.grades,
    sort: params.sort,
    page: params.page,
  });
  // A page past the last one goes to the last page.
  const pastTheEnd = pageBeyond(request, result.pageCount);
  if (pastTheEnd) throw pastTheEnd;
  return data(
    {
      all,
      defaultSort,
      params: { ...params, category: category?.slug },
      categories: categories.map(({ name, slug, itemCount }) => ({ name, slug, itemCount })),
      categoryName: category?.name ?? null,
      ...result,
      items: toPublicCards(result.items),
    },
    {
      headers: marketplaceCacheHeaders(context.get(userContext) !== null, result.items),
    },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(matches, loaderData?.all ? "Todo el Marketplace" : "Marketplace"),
  },
  {
    name: "description",
    content:
      "Artículos de segunda mano revisados y aprobados por la tienda, con su grado explicado y garantía legal.",
  },
];

function SectionNav({ all }: { all: boolean }) {
  const linkClass = "rounded-full border px-3 py-1.5 text-sm font-medium";
  const active = "border-brand-700 bg-brand-50 text-brand-800";
  const idle = "border-slate-300 text-slate-700 hover:bg-slate-50";
  return (
    <nav aria-label="Secciones del Marketplace" className="flex flex-wrap gap-2">
      <Link
        to="/marketplace"
        className={`${linkClass} ${all ? idle : active}`}
        aria-current={all ? undefined : "page"}
      >
        Destacados
      </Link>
      <Link to="/marketplace/explorar" className={`${linkClass} ${idle}`}>
        Explorar por categoría
      </Link>
      <Link
        to="/marketplace/todos"
        className={`${linkClass} ${all ? active : idle}`}
        aria-current={all ? "page" : undefined}
      >
        Ver todo
      </Link>
    </nav>
  );
}

export default function MarketplacePage({ loaderData }: Route.ComponentProps) {
  const { all, defaultSort, params, categories, categoryName, items, total, page, pageCount } =
    loaderData;
  const location = useLocation();
  const filters = (
    <MarketplaceFilters
      params={params}
      categories={categories}
      action={location.pathname}
      defaultSort={defaultSort}
    />
  );
  return (
    <>
      <PageHero title={all ? "Todo el Marketplace" : "Marketplace"}>
        Segunda mano revisada: cada artículo lo aprueba nuestro equipo antes de publicarse, con su
        grado explicado y la garantía legal de una tienda.
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <SectionNav all={all} />
        <div className="mt-6 grid gap-6 lg:grid-cols-[260px_1fr]">
          <FiltersAside label="Filtros">{filters}</FiltersAside>
          <section aria-labelledby="resultados">
            <h2 id="resultados" className="text-sm text-slate-700" aria-live="polite">
              {total === 1 ? "1 artículo" : `${formatNumber(total)} artículos`}
              {categoryName ? ` en ${categoryName}` : ""}
              {params.q ? ` para «${params.q}»` : ""}
            </h2>
            {items.length === 0 ? (
              <p className="mt-4 rounded-xl bg-slate-50 p-8 text-center text-slate-700">
                ¡Vaya! No hay productos aquí.
              </p>
            ) : (
              <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
                {items.map((item, index) => (
                  <li key={item.id}>
                    <MarketplaceCard item={item} priority={index < LIMITS.eagerListImages} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={page} pageCount={pageCount} />
          </section>
        </div>
        <MarketplaceGuides />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Marketplace</h1>
      <p role="alert" className="mt-4 rounded-xl bg-red-50 p-6 text-red-800">
        No se pudieron cargar los artículos del Marketplace. Inténtalo de nuevo en unos minutos.
      </p>
    </div>
  );
}
