import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { ArrowRight } from "~/components/icons/arrow-right";
import { Tag } from "~/components/icons/tag";
import { Recycle } from "~/components/icons/recycle";
import { ShieldCheck } from "~/components/icons/shield-check";
import { Undo2 } from "~/components/icons/undo-2";
import type { Route } from "./+types/home";
import { pageCacheHeaders } from "~/lib/cache";
import { LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { listMainCategories } from "~/modules/catalog/categories.server";
import { CategoryGrid } from "~/modules/catalog/components/category-grid";
import { ProductCard } from "~/modules/catalog/components/product-card";
import { listNewestProducts } from "~/modules/catalog/products.server";
import { AdminEditLink } from "~/modules/content/components/admin-edit-link";
import { getPageContent } from "~/modules/content/page-content.server";
import { useFavoriteIds } from "~/modules/accounts/personal";
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
  const [categories, newest, reviews, content] = await Promise.all([
    listMainCategories(LIMITS.homeCategories),
    listNewestProducts(LIMITS.homeNewProducts),
    getHomeReviews(),
    getPageContent("home"),
  ]);
  return data(
    {
      categories,
      newest,
      reviews,
      hero: content.hero!,
      sections: {
        categorias: content.categorias!,
        novedades: content.novedades!,
        resenas: content.resenas!,
        ofertas: content.ofertas!,
      },
    },
    { headers: pageCacheHeaders(user !== null) },
  );
}

function SectionHeader({
  id,
  title,
  to,
  linkText,
  edit,
}: {
  id: string;
  title: string;
  to: string;
  linkText: string;
  edit?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={id} className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        {edit}
      </div>
      <Link
        to={to}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        {linkText} <ArrowRight className="size-4" aria-hidden />
      </Link>
    </div>
  );
}

/** What fills the hero's right half while no image is configured (Contenido → Portada). */
const HERO_HIGHLIGHTS = [
  {
    icon: Recycle,
    title: "Nuevo, reacondicionado o de segunda mano",
    text: "Cada producto dice su estado, y el Marketplace da otra vida a lo que ya no usas.",
  },
  {
    icon: Undo2,
    title: "14 días para devolver",
    text: "Si cambias de opinión, desistes de tu compra sin dar explicaciones.",
  },
  {
    icon: ShieldCheck,
    title: "Precios con IVA incluido",
    text: "Lo que ves es lo que pagas; el envío se muestra antes de pagar.",
  },
] as const;

function HeroHighlights() {
  return (
    <ul className="hidden w-full max-w-sm shrink-0 flex-col gap-4 rounded-2xl border border-brand-100 bg-white/80 p-6 shadow-sm md:flex">
      {HERO_HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon aria-hidden className="size-5" />
          </span>
          <span>
            <span className="block font-semibold text-slate-900">{title}</span>
            <span className="block text-sm text-slate-700">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { categories, newest, reviews, hero, sections } = loaderData;
  const favoriteIds = useFavoriteIds();
  return (
    <>
      <section className="bg-gradient-to-br from-brand-50 to-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-14 sm:py-20 md:flex-row md:items-center">
          <div className="min-w-0 flex-1">
            <AdminEditLink page="home" section="hero" label="Portada" className="mb-4" />
            <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight break-words text-slate-900 sm:text-5xl">
              {hero.title}
            </h1>
            {hero.subtitle ? (
              <p className="mt-4 max-w-xl text-lg text-slate-700">{hero.subtitle}</p>
            ) : null}
            <div className="mt-8 flex flex-wrap gap-3">
              {hero.ctaButtonText ? (
                <Link
                  to={hero.linkUrl || "/productos"}
                  className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
                >
                  {hero.ctaButtonText}
                </Link>
              ) : null}
              <Link
                to="/novedades"
                className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:border-brand-600"
              >
                Novedades
              </Link>
            </div>
          </div>
          {hero.imageUrl ? (
            // Whole and at most its own size: never cropped, never blown up (a small logo
            // stays sharp).
            <img
              src={hero.imageUrl}
              alt=""
              className="h-auto max-h-96 w-auto max-w-full self-center rounded-2xl object-contain md:max-w-md"
            />
          ) : (
            <HeroHighlights />
          )}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="home-categorias">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="home-categorias" className="text-2xl font-bold text-slate-900">
            {sections.categorias.sectionTitle}
          </h2>
          <AdminEditLink page="home" section="categorias" label="Categorías principales" />
        </div>
        <div className="mt-4">
          <CategoryGrid categories={categories} showAllCard />
        </div>
      </section>

      {newest.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="home-novedades">
          <SectionHeader
            id="home-novedades"
            title={sections.novedades.sectionTitle}
            to="/novedades"
            linkText={sections.novedades.ctaButtonText || "Ver todas las novedades"}
            edit={<AdminEditLink page="home" section="novedades" label="Novedades" />}
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

      <HomeReviews
        reviews={reviews}
        title={sections.resenas.sectionTitle}
        linkText={sections.resenas.ctaButtonText || "Ver todas las reseñas"}
        edit={<AdminEditLink page="home" section="resenas" label="Reseñas de clientes" />}
      />

      <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="home-ofertas">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-slate-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between">
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="home-ofertas" className="flex items-center gap-2 text-2xl font-bold">
                <Tag className="size-6" aria-hidden /> {sections.ofertas.title}
              </h2>
              <AdminEditLink page="home" section="ofertas" label="Ofertas" tone="dark" />
            </div>
            {sections.ofertas.description ? (
              <p className="mt-2 text-slate-200">{sections.ofertas.description}</p>
            ) : null}
          </div>
          {sections.ofertas.ctaButtonText ? (
            <Link
              to={sections.ofertas.linkUrl || "/rebajas"}
              className="rounded-md bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-brand-50"
            >
              {sections.ofertas.ctaButtonText}
            </Link>
          ) : null}
        </div>
      </section>
    </>
  );
}
