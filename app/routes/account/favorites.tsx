import { Link } from "react-router";
import type { Route } from "./+types/favorites";
import { userContext } from "~/lib/context";
import { ProductCard } from "~/modules/catalog/components/product-card";
import { listFavoriteProducts } from "~/modules/catalog/products.server";

export const meta: Route.MetaFunction = () => [{ title: "Mis Favoritos · Tienda" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // guaranteed by the layout middleware
  return { favorites: await listFavoriteProducts(user.id) };
}

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { favorites } = loaderData;
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Mis Favoritos</h1>
      {favorites.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-700">Todavía no tienes productos favoritos.</p>
          <Link
            to="/productos"
            className="mt-4 inline-block font-semibold text-brand-700 underline"
          >
            Explorar productos
          </Link>
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700">
            Pulsa el corazón de un producto para quitarlo de tus favoritos.
          </p>
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            {favorites.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} isFavorite />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
