import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { formAction } from "~/lib/action.server";
import { ok } from "~/lib/failure";
import { signOut } from "~/modules/accounts/accounts.server";
import { logoutSchema } from "~/modules/accounts/schemas";

/** GET never signs anyone out (DESIGN §5); it just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  // Sign-out has no fields: whatever the body (or none), the session ends.
  return formAction(new FormData(), {
    schema: logoutSchema,
    run: async () => ok({ headers: await signOut(request) }),
    onSuccess: ({ headers }) => ({
      redirectTo: "/",
      toast: { title: "Sesión Cerrada", description: "Has cerrado sesión correctamente." },
      headers,
    }),
  });
}
