import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { announcedPrice } from "~/modules/catalog/omnibus";
import type { Route } from "./+types/product";
import { pageCacheHeaders } from "~/lib/cache";
import { PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { productPath } from "~/lib/slug";
import { productWithdrawalNote } from "~/lib/withdrawal";
import { Price } from "~/modules/catalog/components/price";
import { VideoLink } from "~/modules/catalog/components/detail-page-parts";
import { BrandLabel, DetailPage } from "~/modules/catalog/components/detail-page";
import { detailPageMeta, isWebUrl, weightLabel } from "~/modules/catalog/detail-page";
import { getPublicProduct } from "~/modules/catalog/products.server";
import { StockState } from "~/modules/catalog/components/stock-state";
import {
  breadcrumbJsonLd,
  productBreadcrumbs,
  productJsonLd,
  serializeJsonLd,
} from "~/modules/catalog/structured-data";
import { AddToCartButton } from "~/components/shop/add-to-cart-button";
import { FavoriteButton } from "~/modules/favorites/components/favorite-button";
import { useFavoriteIds } from "~/modules/accounts/personal";
import { pageTitle } from "~/lib/page-title";
import { ProductReviews, Rating } from "~/modules/reviews/components/product-reviews";
import {
  ALL_REVIEWS_PARAM,
  PRODUCT_PAGE_REVIEWS,
  PRODUCT_PAGE_REVIEWS_ALL,
} from "~/modules/reviews/constants";
import { listProductReviews } from "~/modules/reviews/reviews.server";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The first sentences of the description, cut at a word, for the meta description. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle(matches, "Producto no encontrado") }];
  const { product, baseUrl } = loaderData;
  return detailPageMeta({
    title: pageTitle(matches, `${product.name}`),
    name: product.name,
    description: product.description,
    path: productPath(product),
    baseUrl,
    imageKey: product.imageKeys[0],
    ogType: "product",
  });
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(/-(\d+)$/.exec(params.productSlug)?.[1] ?? params.productSlug);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const user = context.get(userContext);
  const url = new URL(request.url);
  const allReviews = url.searchParams.get(ALL_REVIEWS_PARAM) === "todas";
  const [product, reviews] = await Promise.all([
    getPublicProduct(id),
    listProductReviews(id, allReviews ? PRODUCT_PAGE_REVIEWS_ALL : PRODUCT_PAGE_REVIEWS),
  ]);
  if (!product) throw data(null, { status: 404 });
  // A wrong slug with the right id goes to the canonical URL (DESIGN §4).
  const canonical = productPath(product);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);
  return data(
    { product, reviews, allReviews, baseUrl: getEnv().BASE_URL },
    { headers: pageCacheHeaders(user !== null) },
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, allReviews, baseUrl } = loaderData;
  const isFavorite = useFavoriteIds().includes(product.id);
  const crumbs = productBreadcrumbs(product);
  const details: [string, ReactNode][] = [];
  if (product.sku) details.push(["Referencia", product.sku]);
  if (product.eanCode) details.push(["EAN", product.eanCode]);
  if (product.sizeInfo) details.push(["Tamaño", product.sizeInfo]);
  if (product.color) details.push(["Color", product.color]);
  if (product.weightKg) {
    details.push(["Peso", weightLabel(product.weightKg)]);
  }
  if (product.videoUrl && isWebUrl(product.videoUrl)) {
    details.push(["Vídeo", <VideoLink url={product.videoUrl}>Ver vídeo</VideoLink>]);
  }

  return (
    <DetailPage
      crumbs={crumbs}
      item={product}
      details={details}
      labels={
        <>
          <BrandLabel brand={product.brand} />
          <p className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800">
            <span className="sr-only">Estado: </span>
            {PRODUCT_CONDITION_LABELS[product.condition]}
          </p>
          {announcedPrice(product).previousCents !== null ? (
            <p className="rounded-full bg-red-700 px-2.5 py-0.5 font-semibold text-white">Oferta</p>
          ) : null}
        </>
      }
      below={
        <ProductReviews
          reviews={reviews}
          count={product.reviewCount}
          all={allReviews}
          path={productPath(product)}
        />
      }
      jsonLd={[
        serializeJsonLd(productJsonLd(product, baseUrl)),
        serializeJsonLd(breadcrumbJsonLd(crumbs, baseUrl)),
      ]}
    >
      {product.reviewCount > 0 && product.ratingAverage !== null ? (
        <div className="mt-2">
          <a href="#opiniones" className="hover:underline">
            <Rating average={product.ratingAverage} count={product.reviewCount} />
          </a>
        </div>
      ) : null}
      <div className="mt-4">
        <Price
          priceCents={product.priceCents}
          salePriceCents={product.salePriceCents}
          isOnSale={product.isOnSale}
          previousPriceCents={product.previousPriceCents}
          size="lg"
        />
        <p className="text-sm text-slate-600">IVA incluido</p>
      </div>
      <div className="mt-4">
        <StockState status={product.stockStatus} />
      </div>
      {product.withdrawalExclusion ? (
        <p className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {productWithdrawalNote(product.withdrawalExclusion)}
        </p>
      ) : null}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
        {/* Sold out: the stock state above already says 'Agotado'. */}
        {product.stockStatus === "out_of_stock" ? null : (
          <AddToCartButton
            productId={product.id}
            inStock
            withQuantity
            size="lg"
            className="sm:w-80"
          />
        )}
        <FavoriteButton productId={product.id} isFavorite={isFavorite} variant="labeled" />
      </div>
    </DetailPage>
  );
}
