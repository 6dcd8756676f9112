import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { productPath } from "~/lib/slug";
import { AddToCartButton } from "~/components/shop/add-to-cart-button";
import { FavoriteButton } from "~/modules/favorites/ui";
import { announcedPrice } from "../omnibus";
import { CardImage } from "./card-image";
import { Price } from "./price";

export interface ProductCardProps {
  id: number;
  name: string;
  priceCents: number;
  salePriceCents: number | null;
  isOnSale: boolean;
  /** The Omnibus «precio anterior» of the reduction it announces (null: none). */
  previousPriceCents: number | null;
  isNew: boolean;
  condition: keyof typeof PRODUCT_CONDITION_LABELS;
  imageKeys: string[];
  categorySlug: string | null;
  /** Given: the card offers 'Añadir al carrito' (or shows 'Agotado'). */
  inStock?: boolean;
}

function Badges({ product }: { product: ProductCardProps }) {
  // The sale badge only with an announced reduction (Omnibus: none without a previous price).
  const onSale = announcedPrice(product).previousCents !== null;
  return (
    <>
      {onSale ? (
        <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">Oferta</span>
      ) : null}
      {product.condition !== "new" ? (
        <span className="rounded bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">
          {PRODUCT_CONDITION_LABELS[product.condition]}
        </span>
      ) : null}
    </>
  );
}

/**
 * A product in a list: the whole card links to the product (a stretched link); the favourite
 * heart sits above that link in the top right corner. `grid` is a tile, `list` a row with
 * the picture on the left and, when given, a short description. A card may carry its own
 * buttons under the price (`actions`) instead of the heart.
 */
export function ProductCard({
  product,
  isFavorite = false,
  variant = "grid",
  description,
  priority = false,
  actions,
}: {
  product: ProductCardProps;
  /** Whether the signed-in user has this product among their favourites. */
  isFavorite?: boolean;
  variant?: "grid" | "list";
  /** Short text shown by the `list` variant. */
  description?: string;
  /** Load the picture at once (the first cards, visible without scrolling). */
  priority?: boolean;
  /**
   * Buttons at the foot of the card, in place of the heart; given the id of the card's title,
   * to name the product they act on (`aria-describedby`).
   */
  actions?: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  const image = product.imageKeys[0];
  const cartButton =
    actions || product.inStock === undefined ? null : (
      <AddToCartButton
        productId={product.id}
        inStock={product.inStock}
        describedBy={titleId}
        className="relative z-10 mt-2"
      />
    );
  const actionButtons = actions ? (
    <div className="relative z-10 mt-2">{actions(titleId)}</div>
  ) : null;
  const heart = actions ? null : (
    <FavoriteButton
      productId={product.id}
      isFavorite={isFavorite}
      describedBy={titleId}
      className="absolute top-2 right-2 z-10"
    />
  );
  const title = (
    <h3 id={titleId} className="line-clamp-2 font-medium text-slate-900">
      <Link to={productPath(product)} className="after:absolute after:inset-0">
        {product.name}
      </Link>
    </h3>
  );
  const price = (
    <Price
      priceCents={product.priceCents}
      salePriceCents={product.salePriceCents}
      isOnSale={product.isOnSale}
      previousPriceCents={product.previousPriceCents}
    />
  );

  // The foot of the card in both layouts: the price pushed to the bottom, then the buttons.
  const priceAndActions = (
    <>
      <div className="mt-auto">{price}</div>
      {cartButton}
      {actionButtons}
    </>
  );

  // The image at the card's size: `width` pixels wide, `sizes` for the browser's choice.
  const picture = (width: 320 | 640, sizes: string) => (
    <CardImage imageKey={image} width={width} sizes={sizes} priority={priority} />
  );

  if (variant === "list") {
    return (
      <article className="group relative flex gap-3 overflow-hidden rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:shadow-md sm:gap-4">
        <div className="aspect-[4/3] w-28 shrink-0 self-start overflow-hidden rounded-lg bg-slate-100 sm:w-48">
          {picture(320, "(min-width: 640px) 192px, 112px")}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 pr-12">
          <div className="flex flex-wrap gap-1 empty:hidden">
            <Badges product={product} />
          </div>
          {title}
          {description ? (
            <p className="line-clamp-2 text-sm text-slate-600">{description}</p>
          ) : null}
          {priceAndActions}
        </div>
        {heart}
      </article>
    );
  }

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[4/3] bg-slate-100">
        {picture(640, "(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw")}
        <div className="absolute top-2 right-14 left-2 flex flex-wrap gap-1">
          <Badges product={product} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {title}
        {priceAndActions}
      </div>
      {heart}
    </article>
  );
}
