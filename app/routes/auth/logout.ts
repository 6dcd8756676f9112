import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { toastHeader } from "~/lib/toast.server";
import { signOut } from "~/modules/accounts/accounts.server";

/** GET never signs anyone out (DESIGN §5); it just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  headers.append(
    "Set-Cookie",
    await toastHeader({
      title: "Sesión Cerrada",
      description: "Has cerrado sesión correctamente.",
    }),
  );
  return redirect("/", { headers });
}
