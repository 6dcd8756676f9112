import { data, Link, redirect } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/product";
import { PRODUCT_CONDITION_LABELS } from "~/lib/constants";
import { imageSrcSet, imageUrl } from "~/lib/image-url";
import { productPath } from "~/lib/slug";
import { Price } from "~/modules/catalog/components/price";
import { getPublicProduct } from "~/modules/catalog/products.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = Number(/-(\d+)$/.exec(params.productSlug)?.[1] ?? params.productSlug);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const product = await getPublicProduct(id);
  if (!product) throw data(null, { status: 404 });
  // A wrong slug with the right id goes to the canonical URL (DESIGN §4).
  const canonical = productPath(product);
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);
  return { product };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.product.name} · Tienda` },
        { name: "description", content: loaderData.product.description.slice(0, 160) },
      ]
    : [{ title: "Producto no encontrado · Tienda" }];

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const image = product.imageKeys[0];
  const details = [
    ["Estado", PRODUCT_CONDITION_LABELS[product.condition]],
    ["Marca", product.brand],
    ["Color", product.color],
    ["Medidas", product.sizeInfo],
    ["Peso", product.weightKg ? `${Number(product.weightKg).toLocaleString("es-ES")} kg` : null],
    ["EAN", product.eanCode],
  ].filter((row): row is [string, string] => Boolean(row[1]));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link
        to={`/productos/${product.categorySlug ?? "todos"}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {product.categoryName ?? "Todos los productos"}
      </Link>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div className="overflow-hidden rounded-xl bg-slate-100">
          {image ? (
            <img
              src={imageUrl(image, 1200)}
              srcSet={imageSrcSet(image)}
              sizes="(min-width: 768px) 50vw, 100vw"
              alt={product.name}
              width={1200}
              height={900}
              className="aspect-[4/3] w-full object-cover"
            />
          ) : (
            <div className="aspect-[4/3]" />
          )}
        </div>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{product.name}</h1>
          <div className="mt-3">
            <Price
              priceCents={product.priceCents}
              salePriceCents={product.salePriceCents}
              isOnSale={product.isOnSale}
              size="lg"
            />
            <p className="text-sm text-slate-600">IVA incluido</p>
          </div>
          <p
            className={
              product.stockQuantity > 0
                ? "mt-3 font-medium text-green-800"
                : "mt-3 font-medium text-red-700"
            }
          >
            {product.stockQuantity > 0 ? "En stock" : "Agotado"}
          </p>
          <p className="mt-4 whitespace-pre-line text-slate-800">{product.description}</p>
          {details.length ? (
            <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
              {details.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </div>
    </div>
  );
}
