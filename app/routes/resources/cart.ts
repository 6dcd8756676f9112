import { data, redirect } from "react-router";
import type { Route } from "./+types/cart";
import { readFormData } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirectPath } from "~/lib/utils";
import { applyCartAction } from "~/modules/cart/cart.server";
import { cartCookieHeader } from "~/modules/cart/cookie.server";
import { cartIdentityOf } from "~/modules/cart/middleware.server";
import { CART_MESSAGES, cartActionSchema, type CartActionResult } from "~/modules/cart/schemas";

export function loader() {
  return redirect("/checkout");
}

/**
 * Every change to the cart ('Añadir al carrito', the /checkout controls). A fetcher gets JSON
 * with the outcome; without JavaScript the form carries `redirectTo` and the answer is a
 * redirect back with the toast in a cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const redirectTo = formData.get("redirectTo");
  const parsed = cartActionSchema.safeParse(Object.fromEntries(formData));
  const outcome = parsed.success
    ? await applyCartAction(cartIdentityOf(context), parsed.data)
    : {
        result: {
          ok: false,
          message: parsed.error.issues[0]?.message ?? CART_MESSAGES.failed,
        } satisfies CartActionResult,
        newVisitorCartId: undefined,
      };
  const headers = new Headers();
  if (outcome.newVisitorCartId)
    headers.append("Set-Cookie", cartCookieHeader(outcome.newVisitorCartId));
  const { result } = outcome;
  if (typeof redirectTo === "string") {
    return redirectWithToast(
      safeRedirectPath(redirectTo),
      { title: result.message, variant: result.ok ? "default" : "destructive" },
      { headers },
    );
  }
  return data(result, { status: result.ok ? 200 : parsed.success ? 409 : 400, headers });
}
