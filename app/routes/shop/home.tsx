import { Link } from "react-router";
import type { Route } from "./+types/home";
import { LIMITS } from "~/lib/constants";
import { listMainCategories } from "~/modules/catalog/categories.server";
import { CategoryGrid } from "~/modules/catalog/components/category-grid";

export const meta: Route.MetaFunction = () => [
  { title: "Tienda · Productos nuevos, usados y reacondicionados" },
  {
    name: "description",
    content:
      "Tienda online con productos nuevos, de segunda mano y reacondicionados, marketplace y servicios.",
  },
];

export async function loader() {
  return { categories: await listMainCategories(LIMITS.homeCategories) };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
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
          <CategoryGrid categories={loaderData.categories} showAllCard />
        </div>
      </section>
    </>
  );
}
