import { Heart } from "~/components/icons/heart";
import type { Route } from "./+types/favorites";
import { userContext } from "~/lib/context";
import { formAction } from "~/lib/action.server";
import { accountMeta } from "~/components/layout/account-links";
import { AccountEmptyState } from "~/modules/accounts/components/account-empty-state";
import { AccountPageError } from "~/modules/accounts/components/account-page-error";
import { ProductCard } from "~/modules/catalog/components/product-card";
import { listFavoriteProducts } from "~/modules/catalog/products.server";
import { AddToCartButton } from "~/components/shop/add-to-cart-button";
import { RemoveFavoriteButton } from "~/modules/favorites/components/remove-favorite-button";
import { removeFavorite } from "~/modules/favorites/favorites.server";
import { FAVORITE_MESSAGES, removeFavoriteSchema } from "~/modules/favorites/schemas";
import { siteNameOf } from "~/lib/page-title";

const PATH = "/perfil/favoritos";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Mis Favoritos", siteNameOf(matches));

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // guaranteed by the layout middleware
  return { favorites: await listFavoriteProducts(user.id) };
}

/** The remove button (spec §7: delete by user_id and product_id), then back to the list. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!; // guaranteed by the layout middleware
  return formAction(request, {
    schema: removeFavoriteSchema,
    run: ({ productId }) => removeFavorite(user.id, productId),
    onSuccess: () => ({ redirectTo: PATH, toast: { title: FAVORITE_MESSAGES.removed } }),
    // A plain button with no field to mark: back to the list with spec §8's message.
    onFailure: () => ({
      redirectTo: PATH,
      toast: { title: FAVORITE_MESSAGES.removeFailed, variant: "destructive" },
    }),
  });
}

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { favorites } = loaderData;
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Mis Favoritos</h1>
      {favorites.length === 0 ? (
        <AccountEmptyState
          icon={Heart}
          title="Todavía no tienes productos favoritos."
          hint="Pulsa el corazón de un producto para guardarlo aquí."
        />
      ) : (
        <>
          {/* The cards' titles are h3: this count is their h2, so no heading level is skipped. */}
          <h2 className="mb-4 text-sm font-normal text-slate-700">
            {favorites.length === 1
              ? "1 producto guardado, el último primero."
              : `${favorites.length} productos guardados, los últimos primero.`}
          </h2>
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
            {favorites.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  actions={(titleId) => (
                    <div className="flex flex-col gap-2">
                      <AddToCartButton
                        productId={product.id}
                        inStock={product.inStock}
                        describedBy={titleId}
                      />
                      <RemoveFavoriteButton productId={product.id} describedBy={titleId} />
                    </div>
                  )}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccountPageError title={FAVORITE_MESSAGES.loadFailed} error={error} />;
}
