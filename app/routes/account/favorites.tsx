import { Form, Link } from "react-router";
import { z } from "zod";
import { readFormData } from "~/lib/forms.server";
import type { Route } from "./+types/favorites";
import { userContext } from "~/lib/context";
import { imageUrl } from "~/lib/image-url";
import { formatCents } from "~/lib/money";
import { redirectWithToast } from "~/lib/toast.server";
import { listFavorites, removeFavorite } from "~/modules/accounts/profile.server";

export const meta: Route.MetaFunction = () => [{ title: "Mis Favoritos · Tienda" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // guaranteed by the layout middleware
  return { favorites: await listFavorites(user.id) };
}

const removeSchema = z.object({ productId: z.coerce.number().int().positive() });

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  const parsed = removeSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    return redirectWithToast("/perfil/favoritos", {
      title: "No se pudo eliminar el producto de favoritos",
      variant: "destructive",
    });
  }
  await removeFavorite(user.id, parsed.data.productId);
  return redirectWithToast("/perfil/favoritos", { title: "Eliminado de Favoritos" });
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
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {favorites.map((favorite) => {
            const onSale = favorite.isOnSale && favorite.salePriceCents !== null;
            const image = favorite.imageKeys[0];
            return (
              <li
                key={favorite.productId}
                className="flex flex-col overflow-hidden rounded-xl border border-slate-200"
              >
                {image ? (
                  <img
                    src={imageUrl(image, 320)}
                    alt=""
                    width={320}
                    height={240}
                    className="aspect-[4/3] w-full object-cover"
                    loading="lazy"
                  />
                ) : (
                  <div className="aspect-[4/3] w-full bg-slate-100" />
                )}
                <div className="flex flex-1 flex-col p-4">
                  <p className="text-sm text-slate-600">
                    {favorite.categoryName ?? "Sin categoría"}
                  </p>
                  <h2 className="font-semibold text-slate-900">{favorite.name}</h2>
                  <p className="mt-1">
                    {onSale ? (
                      <>
                        <span className="font-bold text-red-700">
                          {formatCents(favorite.salePriceCents!)}
                        </span>{" "}
                        <s className="text-sm text-slate-600">{formatCents(favorite.priceCents)}</s>
                      </>
                    ) : (
                      <span className="font-bold text-slate-900">
                        {formatCents(favorite.priceCents)}
                      </span>
                    )}
                  </p>
                  <Form method="post" className="mt-auto pt-3">
                    <input type="hidden" name="productId" value={favorite.productId} />
                    <button
                      type="submit"
                      className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
                    >
                      Quitar de favoritos
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
