import { data, Link, useLocation, useNavigation } from "react-router";
import { ArrowLeft } from "~/components/icons/arrow-left";
import { LayoutGrid } from "~/components/icons/layout-grid";
import { List } from "~/components/icons/list";
import { FiltersAside } from "~/components/shop/filters-aside";
import type { Route } from "./+types/product-list";
import { Pagination } from "~/components/layout/pagination";
import { liveStateCacheHeaders, pageCacheHeaders } from "~/lib/cache";
import { pageBeyond } from "~/lib/pagination.server";
import { userContext } from "~/lib/context";
import { redirectWithToast } from "~/lib/toast.server";
import { LIMITS } from "~/lib/constants";
import { cn } from "~/lib/utils";
import { ProductCard } from "~/modules/catalog/components/product-card";
import { ProductFilters } from "~/modules/catalog/components/product-filters";
import { loadProductList, searchMarketplace } from "./product-list-data.server";
import { AdminEditLink } from "~/modules/content/components/admin-edit-link";
import { useFavoriteIds } from "~/modules/accounts/personal";
import { pageTitle, siteNameOf } from "~/lib/page-title";
import { formatNumber } from "~/lib/numbers";
import {
  marketplaceCount,
  MarketplaceResults,
} from "~/modules/marketplace/components/marketplace-results";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** One list view for /productos/{slug} (slug `todos` = all), /novedades and /rebajas. */
export async function loader(args: Route.LoaderArgs) {
  const found = await loadProductList(new URL(args.request.url), args.params.categorySlug);
  if (!found) {
    // Spec §8: 'Categoría no encontrada.' and back to the category list.
    throw await redirectWithToast("/productos", {
      title: "Categoría no encontrada.",
      variant: "destructive",
    });
  }
  const marketplace = await searchMarketplace(found.filters, found.categoryId);
  // Only marketplace grades chosen (Excelente, Muy Bueno): only marketplace items.
  const onlyMarketplace = marketplace !== null && found.filters.conditions.length === 0;
  const list = onlyMarketplace
    ? { ...found, items: [], total: 0, totalIsCapped: false, page: 1, pageCount: 1, similar: false }
    : found;
  // A page past the last one (an old link, a shorter list now) goes to the last page.
  const lastPage = Math.max(list.pageCount, marketplace?.pageCount ?? 1);
  const pastTheEnd = pageBeyond(args.request, lastPage);
  if (pastTheEnd) throw pastTheEnd;
  const user = args.context.get(userContext);
  return data(
    { ...list, marketplace, onlyMarketplace },
    {
      headers: marketplace
        ? liveStateCacheHeaders(user !== null, marketplace.reservationsEndAt)
        : pageCacheHeaders(user !== null),
    },
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => [
  { title: loaderData ? pageTitle(matches, `${loaderData.title}`) : siteNameOf(matches) },
  { name: "description", content: loaderData?.description ?? "" },
];

/** The same URL with one parameter changed (view toggle). */
function withParam(
  location: { pathname: string; search: string },
  key: string,
  value: string | null,
) {
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  params.delete("page");
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ""}`;
}

export default function ProductListPage({ loaderData }: Route.ComponentProps) {
  const {
    title,
    description,
    edit,
    items,
    total,
    totalIsCapped,
    page,
    pageCount,
    filters,
    options,
    similar,
    marketplace,
    onlyMarketplace,
  } = loaderData;
  const favoriteIds = useFavoriteIds();
  const location = useLocation();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const isList = filters.view === "list";
  const toggleClass = (active: boolean) =>
    cn(
      "inline-flex size-9 items-center justify-center rounded-md border",
      active
        ? "border-brand-700 bg-brand-50 text-brand-800"
        : "border-slate-300 text-slate-700 hover:bg-slate-50",
    );
  const filtersPanel = (
    <ProductFilters params={filters} options={options} action={location.pathname} />
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link
        to="/productos"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Volver a categorías
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {edit ? <AdminEditLink {...edit} /> : null}
      </div>
      {description ? <p className="mt-1 text-slate-600">{description}</p> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[260px_1fr]">
        <FiltersAside label="Filtros de productos">{filtersPanel}</FiltersAside>

        <section aria-labelledby="resultados" aria-busy={loading}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="resultados" className="text-sm font-normal text-slate-700" aria-live="polite">
              {onlyMarketplace
                ? marketplaceCount(marketplace?.total ?? 0)
                : totalIsCapped
                  ? `Más de ${formatNumber(total)} productos`
                  : total === 1
                    ? "1 producto"
                    : `${formatNumber(total)} productos`}
              {similar
                ? (onlyMarketplace ? marketplace?.total : total) === 1
                  ? " parecido a tu búsqueda"
                  : " parecidos a tu búsqueda"
                : ""}
              {marketplace && !onlyMarketplace ? ` y ${marketplaceCount(marketplace.total)}` : ""}
            </h2>
            <div className="flex gap-1" role="group" aria-label="Vista">
              <Link
                to={withParam(location, "view", null)}
                className={toggleClass(!isList)}
                aria-label="Ver en cuadrícula"
                aria-current={!isList ? "true" : undefined}
              >
                <LayoutGrid className="size-4" aria-hidden />
              </Link>
              <Link
                to={withParam(location, "view", "list")}
                className={toggleClass(isList)}
                aria-label="Ver en lista"
                aria-current={isList ? "true" : undefined}
              >
                <List className="size-4" aria-hidden />
              </Link>
            </div>
          </div>
          {marketplace ? (
            <MarketplaceResults marketplace={marketplace} separate={!onlyMarketplace} />
          ) : null}
          {marketplace && !onlyMarketplace && marketplace.items.length > 0 ? (
            <h2 className="mt-8 text-lg font-semibold text-slate-900">De la tienda</h2>
          ) : null}
          {onlyMarketplace ? null : items.length === 0 ? (
            <p className="mt-6 rounded-xl bg-slate-50 p-8 text-center text-slate-700">
              ¡Vaya! No hay productos aquí.
            </p>
          ) : (
            <ul
              className={cn(
                "mt-4 grid gap-3 transition-opacity",
                isList ? "grid-cols-1" : "grid-cols-2 sm:grid-cols-3 xl:grid-cols-4",
                loading && "opacity-60",
              )}
            >
              {items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    priority={index < LIMITS.eagerListImages}
                    isFavorite={favoriteIds.includes(product.id)}
                    variant={isList ? "list" : "grid"}
                    description={isList ? product.summary : undefined}
                  />
                </li>
              ))}
            </ul>
          )}
          {totalIsCapped && page === pageCount ? (
            <p className="mt-8 text-center text-sm text-slate-700">
              Esta es la última página que se puede recorrer de una lista tan larga. Para ver más
              productos, usa los filtros, busca o cambia el orden.
            </p>
          ) : null}
          <Pagination page={page} pageCount={Math.max(pageCount, marketplace?.pageCount ?? 1)} />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Productos</h1>
      <p role="alert" className="mt-4 rounded-xl bg-red-50 p-6 text-red-800">
        No se pudieron cargar los productos. Inténtalo de nuevo en unos minutos.
      </p>
      <Link to="/productos" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Volver a categorías
      </Link>
    </div>
  );
}
