import { data, redirect } from "react-router";
import type { Route } from "./+types/favorites";
import { userContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirectPath } from "~/lib/utils";
import { toggleFavorite } from "~/modules/favorites/favorites.server";
import {
  FAVORITE_MESSAGES,
  favoriteToggleSchema,
  type FavoriteToggleResult,
} from "~/modules/favorites/schemas";

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
  const redirectTo = formData.get("redirectTo");
  const respond = (status: number, result: FavoriteToggleResult) =>
    typeof redirectTo === "string"
      ? redirectWithToast(safeRedirectPath(redirectTo), {
          title: result.message,
          variant: result.ok ? "default" : "destructive",
        })
      : data(result, { status });

  const user = context.get(userContext);
  if (!user) {
    if (typeof redirectTo === "string") {
      // Without JavaScript the visitor is taken to sign in, and back to the page afterwards.
      const back = encodeURIComponent(safeRedirectPath(redirectTo));
      return redirectWithToast(`/login?redirectTo=${back}`, {
        title: FAVORITE_MESSAGES.signInRequired,
        variant: "destructive",
      });
    }
    return respond(401, { ok: false, message: FAVORITE_MESSAGES.signInRequired });
  }
  const submission = favoriteToggleSchema.safeParse(Object.fromEntries(formData));
  if (!submission.success) return respond(400, { ok: false, message: FAVORITE_MESSAGES.failed });

  const { productId, intent } = submission.data;
  const wanted = intent === "add";
  if (!(await toggleFavorite(user.id, productId, wanted))) {
    return respond(404, { ok: false, message: FAVORITE_MESSAGES.failed });
  }
  return respond(200, {
    ok: true,
    isFavorite: wanted,
    message: wanted ? FAVORITE_MESSAGES.added : FAVORITE_MESSAGES.removed,
  });
}
