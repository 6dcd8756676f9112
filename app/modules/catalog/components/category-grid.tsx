import { Link } from "react-router";
import { ArrowRight } from "~/components/icons/arrow-right";

export interface CategoryGridItem {
  name: string;
  slug: string;
  description: string | null;
}

export function CategoryGrid({
  categories,
  showAllCard = false,
}: {
  categories: CategoryGridItem[];
  showAllCard?: boolean;
}) {
  if (categories.length === 0) {
    return (
      <p className="rounded-lg bg-slate-50 p-6 text-center text-slate-700">
        No hay categorías para mostrar
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {categories.map((category) => (
        <li key={category.slug}>
          <Link
            to={`/productos/${category.slug}`}
            className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow-md"
          >
            <span className="font-semibold text-slate-900">{category.name}</span>
            {category.description ? (
              <span className="mt-1 line-clamp-2 text-sm text-slate-600">
                {category.description}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
      {showAllCard ? (
        <li>
          <Link
            to="/productos"
            className="flex h-full items-center justify-between rounded-xl border border-brand-200 bg-brand-50 p-4 font-semibold text-brand-700 transition hover:bg-brand-100"
          >
            Ver Todas <ArrowRight className="size-4" aria-hidden />
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
