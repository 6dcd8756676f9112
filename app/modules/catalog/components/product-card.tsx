import { Link } from "react-router";
import { PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { imageSrcSet, imageUrl } from "~/lib/image-url";
import { productPath } from "~/lib/slug";
import { Price } from "./price";

export interface ProductCardProps {
  id: number;
  name: string;
  priceCents: number;
  salePriceCents: number | null;
  isOnSale: boolean;
  isNew: boolean;
  condition: keyof typeof PRODUCT_CONDITION_LABELS;
  imageKeys: string[];
  categorySlug: string | null;
}

export function ProductCard({ product }: { product: ProductCardProps }) {
  const image = product.imageKeys[0];
  const onSale = product.isOnSale && product.salePriceCents !== null;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[4/3] bg-slate-100">
        {image ? (
          <img
            src={imageUrl(image, 640)}
            srcSet={imageSrcSet(image)}
            sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
            alt=""
            width={640}
            height={480}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : null}
        <div className="absolute top-2 left-2 flex gap-1">
          {onSale ? (
            <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
              Oferta
            </span>
          ) : null}
          {product.condition !== "new" ? (
            <span className="rounded bg-slate-900/80 px-2 py-0.5 text-xs font-semibold text-white">
              {PRODUCT_CONDITION_LABELS[product.condition]}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-medium text-slate-900">
          <Link to={productPath(product)} className="after:absolute after:inset-0">
            {product.name}
          </Link>
        </h3>
        <div className="mt-auto">
          <Price
            priceCents={product.priceCents}
            salePriceCents={product.salePriceCents}
            isOnSale={product.isOnSale}
          />
        </div>
      </div>
    </article>
  );
}
