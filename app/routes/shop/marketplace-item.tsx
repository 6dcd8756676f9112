import { hasAdminPowers } from "~/modules/accounts/two-factor.server";
import { CircleAlert } from "~/components/icons/circle-alert";
import { Lock } from "~/components/icons/lock";
import { pageTitle } from "~/lib/page-title";
import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/marketplace-item";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { AddToCartButton } from "~/components/shop/add-to-cart-button";
import { DetailSection, VideoLink } from "~/modules/catalog/components/detail-page-parts";
import { BrandLabel, DetailPage } from "~/modules/catalog/components/detail-page";
import { detailPageMeta, isWebUrl, weightLabel } from "~/modules/catalog/detail-page";
import { breadcrumbJsonLd, serializeJsonLd, type Crumb } from "~/modules/catalog/structured-data";
import { MarketplaceGuides } from "~/modules/marketplace/components/marketplace-info";
import {
  MARKETPLACE_GRADE_DESCRIPTIONS,
  marketplaceItemId,
  marketplaceItemJsonLd,
  marketplaceItemPath,
  NON_WORKING_GRADES,
} from "~/modules/marketplace/marketplace";
import {
  getMarketplaceItem,
  isReserved,
  marketplaceCacheHeaders,
} from "~/modules/marketplace/marketplace.server";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * /marketplace/{name-slug}-{id}. The public sees approved, visible, unsold items only (else
 * 404); an admin may preview any item, with a notice saying why the public cannot see it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = marketplaceItemId(params.itemSlug);
  if (id === null) throw data(null, { status: 404 });
  const user = context.get(userContext);
  const isAdmin = await hasAdminPowers(user);
  const item = await getMarketplaceItem(id, { preview: isAdmin });
  if (!item) throw data(null, { status: 404 });
  // A wrong slug with the right id goes to the canonical URL.
  const canonical = marketplaceItemPath(item);
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);
  const { reservedUntil, isApprovedByAdmin, isPubliclyVisible, isSold, sku, ...shown } = item;
  const hiddenBecause = [
    ...(isApprovedByAdmin ? [] : ["no está aprobado"]),
    ...(isPubliclyVisible ? [] : ["no es visible"]),
    ...(isSold ? ["está vendido"] : []),
  ];
  const reserved = isReserved(reservedUntil);
  const preview = hiddenBecause.length > 0 ? hiddenBecause : null;
  const baseUrl = getEnv().BASE_URL;
  // Built here, not in the browser: the page ships no JSON-LD code.
  const available = !preview && !reserved && item.priceCents !== null;
  const jsonLd = [
    serializeJsonLd(marketplaceItemJsonLd({ ...item, sku: null, available }, baseUrl)),
    serializeJsonLd(breadcrumbJsonLd(crumbsOf(item), baseUrl)),
  ];
  return data(
    {
      item: { ...shown, sku: isAdmin ? sku : null },
      reserved,
      preview,
      baseUrl,
      jsonLd,
    },
    // Reserved, sold or free again: never reused by a browser without asking.
    { headers: marketplaceCacheHeaders(user !== null, [item]) },
  );
}

function crumbsOf(item: { id: number; name: string }): Crumb[] {
  return [
    { name: "Inicio", path: "/" },
    { name: "Marketplace", path: "/marketplace" },
    { name: item.name, path: marketplaceItemPath(item) },
  ];
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle(matches, "Artículo no encontrado") }];
  const { item, baseUrl, preview } = loaderData;
  return detailPageMeta({
    title: pageTitle(matches, item.name, "Marketplace"),
    name: item.name,
    description: item.description,
    path: marketplaceItemPath(item),
    baseUrl,
    imageKey: item.imageKeys[0],
    ogType: "product",
    noindex: Boolean(preview),
  });
};

export default function MarketplaceItemPage({ loaderData }: Route.ComponentProps) {
  const { item, reserved, preview, jsonLd } = loaderData;
  const nonWorking = NON_WORKING_GRADES.includes(item.condition);
  const crumbs = crumbsOf(item);
  const details: [string, ReactNode][] = [];
  if (item.brand) details.push(["Marca", item.brand]);
  if (item.sizeInfo) details.push(["Tamaño", item.sizeInfo]);
  if (item.color) details.push(["Color", item.color]);
  if (item.weightKg) details.push(["Peso", weightLabel(item.weightKg)]);
  if (item.categoryName) details.push(["Categoría", item.categoryName]);
  const videos = item.videoUrls.filter(isWebUrl).slice(0, 2);
  videos.forEach((url, index) =>
    details.push([
      videos.length > 1 ? `Vídeo ${index + 1}` : "Vídeo",
      <VideoLink url={url}>Ver vídeo{videos.length > 1 ? ` ${index + 1}` : ""}</VideoLink>,
    ]),
  );
  const buyable = !preview && !reserved && item.priceCents !== null;

  return (
    <DetailPage
      crumbs={crumbs}
      item={item}
      details={details}
      notice={
        preview ? (
          <p
            role="status"
            className="mb-5 flex items-start gap-2 rounded-xl border border-amber-400 bg-amber-50 p-4 text-sm font-medium text-amber-900"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            Vista previa de administrador: el público no ve este artículo porque{" "}
            {preview.join(" y ")}.
          </p>
        ) : null
      }
      labels={
        <>
          <p className="rounded-full bg-brand-700 px-2.5 py-0.5 font-semibold text-white">
            Marketplace
          </p>
          <BrandLabel brand={item.brand} />
        </>
      }
      aside={item.sellerInfo ? <SellerSection info={item.sellerInfo} /> : null}
      below={<MarketplaceGuides />}
      jsonLd={jsonLd}
    >
      <div
        className={cn(
          "mt-3 rounded-lg border p-3",
          nonWorking ? "border-red-200 bg-red-50" : "border-slate-200 bg-slate-50",
        )}
      >
        <p className="font-semibold text-slate-900">
          Grado: {MARKETPLACE_CONDITION_LABELS[item.condition]}
          {nonWorking ? (
            <span className="text-red-800"> · no es un artículo en funcionamiento</span>
          ) : null}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {MARKETPLACE_GRADE_DESCRIPTIONS[item.condition]}
        </p>
      </div>
      <div className="mt-4">
        <p className="text-3xl font-bold text-slate-900">
          {item.priceCents === null ? "Precio a consultar" : formatCents(item.priceCents)}
        </p>
        {item.priceCents !== null ? <p className="text-sm text-slate-600">IVA incluido</p> : null}
      </div>
      <div className="mt-5">
        {reserved ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 font-medium text-amber-900"
          >
            <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              Reservado. Otra persona está pagando este artículo; si no completa la compra, volverá
              a estar disponible.
            </span>
          </p>
        ) : buyable ? (
          <>
            <AddToCartButton
              productId={item.id}
              kind="marketplace"
              inStock
              size="lg"
              className="sm:w-80"
            />
            <p className="mt-2 text-sm text-slate-600">Pieza única: se vende 1 unidad.</p>
          </>
        ) : null}
      </div>
    </DetailPage>
  );
}

/** Who sells the item, and that the shop is who sells and sends it. */
function SellerSection({ info }: { info: string }) {
  return (
    <DetailSection id="vendedor" title="Sobre el vendedor">
      <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-800">{info}</p>
      <p className="mt-1 text-sm text-slate-600">
        La tienda revisa el artículo y es quien te lo vende y envía.
      </p>
    </DetailSection>
  );
}
