import type { RouterContextProvider } from "react-router";
import { userContext } from "~/lib/context";
import { cartItemCount } from "~/modules/cart/cart.server";
import { cartIdentityOf } from "~/modules/cart/middleware.server";
import { favoriteIdsOf } from "~/modules/favorites/favorites.server";
import type { Personal } from "./personal";
import { toShellUser } from "./shell-user";

/** The visitor's personal data for this request (root loader and PERSONAL_PATH alike). */
export async function loadPersonal(context: Readonly<RouterContextProvider>): Promise<Personal> {
  const user = context.get(userContext);
  const [cartCount, favoriteIds] = await Promise.all([
    cartItemCount(cartIdentityOf(context)),
    user ? favoriteIdsOf(user.id) : Promise.resolve([]),
  ]);
  return { user: user ? toShellUser(user) : null, cartCount, favoriteIds };
}
