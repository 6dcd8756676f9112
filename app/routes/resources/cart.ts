import { redirect } from "react-router";
import type { Route } from "./+types/cart";
import { formAction } from "~/lib/action.server";
import { fetcherReply } from "~/lib/fetcher-reply.server";
import { applyCartAction } from "~/modules/cart/cart.server";
import { cartCookieHeader } from "~/modules/cart/cookie.server";
import { cartIdentityOf } from "~/modules/cart/middleware.server";
import { cartActionSchema } from "~/modules/cart/schemas";
import { readFormData } from "~/lib/forms.server";

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
  return formAction(formData, {
    schema: cartActionSchema,
    run: (change) => applyCartAction(cartIdentityOf(context), change),
    onSuccess: ({ message, newVisitorCartId }) =>
      fetcherReply(
        formData,
        { ok: true, message },
        newVisitorCartId ? { "Set-Cookie": cartCookieHeader(newVisitorCartId) } : undefined,
      ),
    onFailure: (failure) => fetcherReply(formData, failure),
  });
}
