import { data, Link } from "react-router";
import { ArrowRight, Tag } from "lucide-react";
import type { Route } from "./+types/home";
import { pageCacheHeaders } from "~/lib/cache";
import { LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { listMainCategories } from "~/modules/catalog/categories.server";
import { CategoryGrid } from "~/modules/catalog/components/category-grid";
import { ProductCard } from "~/modules/catalog/components/product-card";
import { listNewestProducts } from "~/modules/catalog/products.server";
import { favoriteIdsFor } from "~/modules/favorites/favorites.server";
import { HomeReviews } from "~/modules/reviews/components/home-reviews";
import { getHomeReviews } from "~/modules/reviews/reviews.server";
import { siteNameOf } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${siteNameOf(matches)} · Productos nuevos, usados y reacondicionados` },
  {
    name: "description",
    content:
      "Tienda online con productos nuevos, de segunda mano y reacondicionados, marketplace y servicios.",
  },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const [categories, newest, reviews] = await Promise.all([
    listMainCategories(LIMITS.homeCategories),
    listNewestProducts(LIMITS.homeNewProducts),
    getHomeReviews(),
  ]);
  const favorites = await favoriteIdsFor(
    user?.id,
    newest.map((product) => product.id),
  );
  return data(
    { categories, newest, reviews, favoriteIds: [...favorites] },
    { headers: pageCacheHeaders(user !== null) },
  );
}

function SectionHeader({
  id,
  title,
  to,
  linkText,
}: {
  id: string;
  title: string;
  to: string;
  linkText: string;
}) {
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <Link
        to={to}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        {linkText} <ArrowRight className="size-4" aria-hidden />
      </Link>
    </div>
  );
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { categories, newest, reviews, favoriteIds } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Tecnología, hogar y mucho más, nuevo o con segunda vida
          </h1>
          <p className="mt-4 max-w-xl text-lg text-slate-700">
            Productos nuevos, usados y reacondicionados con garantía, un marketplace de segunda mano
            y servicios de confianza.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/productos"
              className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
            >
              Ver productos
            </Link>
            <Link
              to="/novedades"
              className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:border-brand-600"
            >
              Novedades
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="home-categorias">
        <h2 id="home-categorias" className="text-2xl font-bold text-slate-900">
          Categorías principales
        </h2>
        <div className="mt-4">
          <CategoryGrid categories={categories} showAllCard />
        </div>
      </section>

      {newest.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="home-novedades">
          <SectionHeader
            id="home-novedades"
            title="Novedades"
            to="/novedades"
            linkText="Ver todas las novedades"
          />
          <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {newest.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} isFavorite={favoriteIds.includes(product.id)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <HomeReviews reviews={reviews} />

      <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="home-ofertas">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-slate-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="home-ofertas" className="flex items-center gap-2 text-2xl font-bold">
              <Tag className="size-6" aria-hidden /> Ofertas de la semana
            </h2>
            <p className="mt-2 text-slate-200">
              Precios rebajados en tecnología, hogar y deporte mientras haya stock.
            </p>
          </div>
          <Link
            to="/rebajas"
            className="rounded-md bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-brand-50"
          >
            Ver rebajas
          </Link>
        </div>
      </section>
    </>
  );
}
