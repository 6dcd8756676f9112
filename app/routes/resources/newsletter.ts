import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { readFormData } from "~/lib/forms.server";
import type { Route } from "./+types/newsletter";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirectPath } from "~/lib/utils";
import { subscribeToNewsletter } from "~/modules/promotions/newsletter.server";
import { newsletterSchema } from "~/modules/promotions/schemas";

export function loader() {
  return redirect("/");
}

/** The footer form: works with and without JavaScript, answering with a toast on the same page. */
export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: newsletterSchema });
  const back = safeRedirectPath(
    submission.payload.redirectTo ??
      new URL(request.headers.get("Referer") ?? "/", request.url).pathname,
  );
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Revisa el formulario.";
    return redirectWithToast(back, {
      title: "No se pudo completar la suscripción",
      description: message,
      variant: "destructive",
    });
  }
  await subscribeToNewsletter(submission.value.email);
  return redirectWithToast(back, {
    title: "¡Gracias por suscribirte!",
    description: "Recibirás nuestras novedades y ofertas en tu correo.",
  });
}
