import type { Route } from "./+types/personal";
import { CACHE } from "~/lib/cache";
import { loadPersonal } from "~/modules/accounts/personal.server";

/**
 * The visitor's personal data as JSON (PERSONAL_PATH): what a page served from the shared page
 * cache to a signed-in customer leaves out, fetched by the browser once it has loaded.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await loadPersonal(context), {
    headers: { "Cache-Control": CACHE.privateNoStore },
  });
}
