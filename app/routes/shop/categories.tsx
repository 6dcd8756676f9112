import { data, redirect } from "react-router";
import { pageCacheHeaders } from "~/lib/cache";
import { userContext } from "~/lib/context";
import type { Route } from "./+types/categories";
import { hasSearchParams } from "~/modules/catalog/list-params";
import { listMainCategories } from "~/modules/catalog/categories.server";
import { CategoryGrid } from "~/modules/catalog/components/category-grid";
import { pageTitle } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Nuestros Productos") },
  {
    name: "description",
    content: "Todas las categorías de la tienda: productos nuevos, usados y reacondicionados.",
  },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  // The header's search goes to /productos?q=…: show the matching products across all categories.
  const url = new URL(request.url);
  if (hasSearchParams(url.searchParams)) throw redirect(`/productos/todos${url.search}`);
  return data(
    { categories: await listMainCategories() },
    { headers: pageCacheHeaders(context.get(userContext) !== null) },
  );
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Nuestros Productos</h1>
      <p className="mt-2 text-slate-600">Elige una categoría para ver sus productos.</p>
      <div className="mt-6">
        <CategoryGrid categories={loaderData.categories} />
      </div>
    </div>
  );
}
