import {
  CircleAlert as circleAlertIcon,
  CircleCheck as circleCheckIcon,
  CircleX as circleXIcon,
  Star as starIcon,
} from "lucide";
import { icon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { salePriceOf } from "~/modules/catalog/pricing";
import type { Route } from "./+types/product";
import { pageCacheHeaders } from "~/lib/cache";
import { PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { useNonce } from "~/lib/nonce";
import { productPath } from "~/lib/slug";
import { cn } from "~/lib/utils";
import { Price } from "~/modules/catalog/components/price";
import {
  Breadcrumbs,
  DescriptionSection,
  DetailsSection,
  GalleryColumn,
  VideoLink,
} from "~/modules/catalog/components/detail-page-parts";
import { detailPageMeta, isWebUrl, weightLabel } from "~/modules/catalog/detail-page";
import { getPublicProduct } from "~/modules/catalog/products.server";
import { STOCK_STATUS_LABELS, type StockStatus } from "~/modules/catalog/stock";
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
import { formatAverageRating, formatReviewCount, type ReviewView } from "~/modules/reviews/display";
import { ReviewCard } from "~/modules/reviews/components/review-card";
import {
  ALL_REVIEWS_PARAM,
  PRODUCT_PAGE_REVIEWS,
  PRODUCT_PAGE_REVIEWS_ALL,
} from "~/modules/reviews/constants";
import { listProductReviews } from "~/modules/reviews/reviews.server";
import { formatNumber } from "~/lib/numbers";

const CircleAlert = icon(circleAlertIcon);
const CircleCheck = icon(circleCheckIcon);
const CircleX = icon(circleXIcon);
const Star = icon(starIcon);

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

const STOCK_STYLE: Record<StockStatus, { icon: typeof CircleCheck; className: string }> = {
  in_stock: { icon: CircleCheck, className: "text-green-800" },
  low_stock: { icon: CircleAlert, className: "text-amber-800" },
  out_of_stock: { icon: CircleX, className: "text-red-700" },
};

function StockState({ status }: { status: StockStatus }) {
  const { icon: Icon, className } = STOCK_STYLE[status];
  return (
    <p className={cn("flex items-center gap-1.5 font-medium", className)}>
      <Icon aria-hidden="true" className="size-5" />
      {STOCK_STATUS_LABELS[status]}
    </p>
  );
}

function Rating({ average, count }: { average: number; count: number }) {
  const rounded = Math.round(average);
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <span className="flex" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            className={cn(
              "size-4",
              star <= rounded ? "fill-amber-400 text-amber-500" : "text-slate-300",
            )}
          />
        ))}
      </span>
      <span>
        <span className="sr-only">Valoración media: </span>
        <span className="font-semibold text-slate-900">{formatAverageRating(average)}</span>
        <span className="sr-only"> de 5</span>
        {` (${formatReviewCount(count)})`}
      </span>
    </p>
  );
}

/**
 * The product's reviews, newest first: the latest few, with a link to all of them when there
 * are more (up to PRODUCT_PAGE_REVIEWS_ALL on that page).
 */
function ProductReviews({
  reviews,
  count,
  all,
  path,
}: {
  reviews: ReviewView[];
  count: number;
  all: boolean;
  path: string;
}) {
  return (
    <section aria-labelledby="opiniones" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="opiniones" className="scroll-mt-24 text-xl font-bold text-slate-900">
        Opiniones de clientes
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-3 text-slate-700">Aún no hay reseñas...</p>
      ) : (
        <>
          {count > reviews.length ? (
            <p className="mt-1 text-sm text-slate-600">
              {`Las ${formatNumber(reviews.length)} más recientes de ${formatNumber(count)}.`}
            </p>
          ) : null}
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        </>
      )}
      {!all && count > PRODUCT_PAGE_REVIEWS ? (
        <a
          href={`${path}?${ALL_REVIEWS_PARAM}=todas#opiniones`}
          className="mt-4 inline-block font-semibold text-brand-700 underline"
        >
          {`Ver las ${formatNumber(count)} opiniones`}
        </a>
      ) : null}
      {all && count > PRODUCT_PAGE_REVIEWS ? (
        <a
          href={`${path}#opiniones`}
          className="mt-4 inline-block font-semibold text-brand-700 underline"
        >
          Ver solo las más recientes
        </a>
      ) : null}
    </section>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, allReviews, baseUrl } = loaderData;
  const isFavorite = useFavoriteIds().includes(product.id);
  const nonce = useNonce();
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
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-5 grid gap-8 md:grid-cols-2 lg:gap-12">
        <GalleryColumn productId={product.id} name={product.name} imageKeys={product.imageKeys} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {product.brand ? (
              <p className="font-semibold tracking-wide text-slate-700 uppercase">
                <span className="sr-only">Marca: </span>
                {product.brand}
              </p>
            ) : null}
            <p className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800">
              <span className="sr-only">Estado: </span>
              {PRODUCT_CONDITION_LABELS[product.condition]}
            </p>
            {salePriceOf(product) !== null ? (
              <p className="rounded-full bg-red-700 px-2.5 py-0.5 font-semibold text-white">
                Oferta
              </p>
            ) : null}
          </div>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
            {product.name}
          </h1>
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
              size="lg"
            />
            <p className="text-sm text-slate-600">IVA incluido</p>
          </div>
          <div className="mt-4">
            <StockState status={product.stockStatus} />
          </div>
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

          <DescriptionSection text={product.description} />
          <DetailsSection details={details} />
        </div>
      </div>
      <ProductReviews
        reviews={reviews}
        count={product.reviewCount}
        all={allReviews}
        path={productPath(product)}
      />
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(productJsonLd(product, baseUrl)) }}
      />
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(breadcrumbJsonLd(crumbs, baseUrl)) }}
      />
    </div>
  );
}
