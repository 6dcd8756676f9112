import { data, redirect } from "react-router";
import { pageCacheHeaders } from "~/lib/cache";
import { userContext } from "~/lib/context";
import type { Route } from "./+types/categories";
import { hasSearchParams } from "~/modules/catalog/list-params";
import { listMainCategories } from "~/modules/catalog/categories.server";
import { CategoryGrid } from "~/modules/catalog/components/category-grid";
import { AdminEditLink } from "~/modules/content/components/admin-edit-link";
import { getPageContent } from "~/modules/content/page-content.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.header.title ?? "Nuestros Productos"} · Tienda` },
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
  const [categories, content] = await Promise.all([
    listMainCategories(),
    getPageContent("products"),
  ]);
  const { title, subtitle } = content.cabecera!;
  return data(
    { categories, header: { title, subtitle } },
    { headers: pageCacheHeaders(context.get(userContext) !== null) },
  );
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          {loaderData.header.title}
        </h1>
        <AdminEditLink page="products" section="cabecera" label="Lista de categorías" />
      </div>
      {loaderData.header.subtitle ? (
        <p className="mt-2 text-slate-600">{loaderData.header.subtitle}</p>
      ) : null}
      <div className="mt-6">
        <CategoryGrid categories={loaderData.categories} />
      </div>
    </div>
  );
}
