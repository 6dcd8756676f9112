import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { readFormData } from "~/lib/forms.server";
import type { Route } from "./+types/newsletter";
import { RATE_LIMITS } from "~/lib/constants";
import { requestInfoContext } from "~/lib/context";
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirectPath } from "~/lib/utils";
import { requestSubscription } from "~/modules/promotions/newsletter.server";
import { newsletterSchema } from "~/modules/promotions/schemas";

export function loader() {
  return redirect("/");
}

/**
 * The footer form: works with and without JavaScript, answering with a toast on the same page.
 * Double opt-in: the address gets a confirmation link and nothing else until it is followed.
 * The answer is the same whether or not the address was subscribed already.
 */
export async function action({ request, context }: Route.ActionArgs) {
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
  const { ip } = context.get(requestInfoContext);
  const limited = await isRateLimited([
    [`newsletter:ip:${ip}`, RATE_LIMITS.newsletterPerIp],
    [`newsletter:email:${submission.value.email}`, RATE_LIMITS.newsletterPerEmail],
  ]);
  if (limited) {
    return redirectWithToast(back, {
      title: "No se pudo completar la suscripción",
      description: TOO_MANY_ATTEMPTS,
      variant: "destructive",
    });
  }
  await requestSubscription(submission.value.email);
  return redirectWithToast(back, {
    title: "¡Gracias por suscribirte!",
    description:
      "Te hemos enviado un correo para confirmar la suscripción. No recibirás nada hasta que la confirmes.",
  });
}
