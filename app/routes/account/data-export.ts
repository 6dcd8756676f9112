import { data } from "react-router";
import type { Route } from "./+types/data-export";
import { CACHE } from "~/lib/cache";
import { userContext } from "~/lib/context";
import { exportAccountData } from "~/modules/accounts/privacy.server";

/**
 * 'Descargar mis datos' (RGPD art. 15 and 20): everything the shop stores about the signed-in
 * user as a JSON file. Behind the /perfil guard; a GET that changes nothing, never cached.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  const exported = await exportAccountData(user.id, user.sessionId);
  if (!exported) throw data({ message: "No se pudo cargar tu perfil" }, { status: 404 });
  const day = exported.exportadoEl.slice(0, 10);
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="tienda-mis-datos-${day}.json"`,
      "Cache-Control": CACHE.privateNoStore,
    },
  });
}
