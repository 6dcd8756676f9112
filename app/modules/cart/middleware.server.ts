import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { CACHE } from "~/lib/cache";
import { userContext, visitorCartContext } from "~/lib/context";
import { log } from "~/lib/log.server";
import { mergeVisitorCart, type CartIdentity } from "./cart.server";
import { clearCartCookieHeader, readCartCookie } from "./cookie.server";

/**
 * Root middleware (after the session's): finds the visitor's cart cookie. Once the visitor has
 * signed in, the cart joins the account's and the cookie is cleared. A visitor with a cart sees
 * a personal page (the badge): it is never marked shareable.
 */
export const cartMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const visitorCartId = readCartCookie(request.headers.get("Cookie"));
  const user = context.get(userContext);
  let clearCookie = false;
  if (visitorCartId && user) {
    await mergeVisitorCart(visitorCartId, user.id).catch((error: unknown) =>
      log("error", "cart merge failed", { error: String(error) }),
    );
    clearCookie = true;
  } else if (visitorCartId) {
    context.set(visitorCartContext, visitorCartId);
  }
  const response = await next();
  if (clearCookie) response.headers.append("Set-Cookie", clearCartCookieHeader());
  if (visitorCartId && /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "")) {
    response.headers.set("Cache-Control", CACHE.privateNoStore);
  }
  return response;
};

/** Whose cart this request works with. */
export function cartIdentityOf(context: Readonly<RouterContextProvider>): CartIdentity {
  const user = context.get(userContext);
  return { userId: user?.id ?? null, visitorCartId: user ? null : context.get(visitorCartContext) };
}
