import { redirect } from "react-router";
import type { Route } from "./+types/favorites";
import { formAction } from "~/lib/action.server";
import { failureStatus, invalid, unauthenticated } from "~/lib/failure";
import { refusalReply } from "~/lib/fetcher-reply";
import { fetcherReply } from "~/lib/fetcher-reply.server";
import { userContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirectPath } from "~/lib/utils";
import { toggleFavorite } from "~/modules/favorites/favorites.server";
import { FAVORITE_MESSAGES, favoriteToggleSchema } from "~/modules/favorites/schemas";

export function loader() {
  return redirect("/perfil/favoritos");
}

/**
 * The favourite toggle (spec §4). The button posts here with a fetcher and gets JSON with the
 * status of the outcome; without JavaScript the same form carries `redirectTo` and the answer
 * is a redirect back to the page with the toast in a cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const user = context.get(userContext);
  if (!user) {
    const redirectTo = formData.get("redirectTo");
    if (typeof redirectTo === "string") {
      // Without JavaScript the visitor is taken to sign in, and back to the page afterwards.
      const back = encodeURIComponent(safeRedirectPath(redirectTo));
      return redirectWithToast(`/login?redirectTo=${back}`, {
        title: FAVORITE_MESSAGES.signInRequired,
        variant: "destructive",
      });
    }
    const refusal = unauthenticated(FAVORITE_MESSAGES.signInRequired);
    return Response.json(refusalReply(refusal), { status: failureStatus(refusal) });
  }
  return formAction(formData, {
    schema: favoriteToggleSchema,
    run: ({ productId, intent }) => toggleFavorite(user.id, productId, intent === "add"),
    onSuccess: ({ isFavorite }) =>
      fetcherReply(formData, {
        ok: true,
        isFavorite,
        message: isFavorite ? FAVORITE_MESSAGES.added : FAVORITE_MESSAGES.removed,
      }),
    // A bad product id or intent is a request no button sends: the one Spanish message.
    onFailure: (failure) =>
      fetcherReply(
        formData,
        failure.kind === "invalid" ? invalid(FAVORITE_MESSAGES.failed) : failure,
      ),
  });
}
