import { data, Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/product-list";
import { Pagination } from "~/components/layout/pagination";
import { parseListParams } from "~/modules/catalog/list-params";
import { getCategoryBySlug, listPublicProducts } from "~/modules/catalog/products.server";
import { ProductCard } from "~/modules/catalog/components/product-card";

/** One list view for /productos/{slug} (slug `todos` = all), /novedades and /rebajas. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseListParams(url.searchParams);
  if (url.pathname === "/novedades" || url.pathname === "/rebajas") {
    const onlyNew = url.pathname === "/novedades";
    const result = await listPublicProducts({
      ...filters,
      onlyNew,
      onlyOnSale: !onlyNew || filters.onlyOnSale,
    });
    return {
      title: onlyNew ? "Novedades" : "Rebajas",
      description: onlyNew
        ? "Lo último que ha llegado a la tienda."
        : "Productos con precio rebajado.",
      ...result,
    };
  }
  const slug = params.categorySlug ?? "todos";
  if (slug === "todos") {
    return {
      title: filters.q ? `Resultados para «${filters.q}»` : "Todos los productos",
      description: "Todo el catálogo de la tienda.",
      ...(await listPublicProducts(filters)),
    };
  }
  const category = await getCategoryBySlug(slug);
  if (!category) throw data({ message: "Categoría no encontrada." }, { status: 404 });
  return {
    title: category.name,
    description: category.description ?? "",
    ...(await listPublicProducts({ ...filters, categoryId: category.id })),
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Tienda` : "Tienda" },
  { name: "description", content: loaderData?.description ?? "" },
];

export default function ProductListPage({ loaderData }: Route.ComponentProps) {
  const { title, description, items, total, page, pageCount } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link
        to="/productos"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Volver a categorías
      </Link>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      <p className="mt-4 text-sm text-slate-700" aria-live="polite">
        {total === 1 ? "1 producto" : `${total.toLocaleString("es-ES")} productos`}
      </p>
      {items.length === 0 ? (
        <p className="mt-6 rounded-xl bg-slate-50 p-8 text-center text-slate-700">
          ¡Vaya! No hay productos aquí.
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
