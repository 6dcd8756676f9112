import type { RouterContextProvider } from "react-router";
import { userContext, type SessionUser } from "~/lib/context";
import { cartItemCount, type CartIdentity } from "~/modules/cart/index.server";
import { readCartCookie } from "~/modules/cart/index.server";
import { cartIdentityOf } from "~/modules/cart/index.server";
import { favoriteIdsOf } from "~/modules/favorites/index.server";
import type { Personal } from "./personal";
import { getSessionUser } from "./session.server";
import { toShellUser } from "~/lib/shell-user";

/** The visitor's personal data for this request (the root loader). */
export function loadPersonal(context: Readonly<RouterContextProvider>): Promise<Personal> {
  return personalOf(cartIdentityOf(context), context.get(userContext));
}

async function personalOf(cart: CartIdentity, user: SessionUser | null): Promise<Personal> {
  const [cartCount, favoriteIds] = await Promise.all([
    cartItemCount(cart),
    user ? favoriteIdsOf(user.id) : Promise.resolve([]),
  ]);
  return { user: user ? toShellUser(user) : null, cartCount, favoriteIds };
}

/**
 * PERSONAL_PATH, answered by Express ahead of React Router (server/app.ts): every page view
 * from the shared signed-in copy asks for it, and React Router's request handling cost about
 * as much as the answer itself (ADR 0020). No cache may keep it.
 */
export async function personalOfRequest(cookieHeader: string | undefined): Promise<Personal> {
  const user = await getSessionUser(cookieHeader);
  const visitorCartId = user ? null : readCartCookie(cookieHeader ?? null);
  return personalOf({ userId: user?.id ?? null, visitorCartId }, user);
}
