import { data } from "react-router";
import { BackToShopLink, MessagePage } from "~/components/forms/form-page";
import { noindexMeta } from "~/lib/page-title";
import type { Route } from "./+types/newsletter-confirm";
import { TOKEN_PAGE_HEADERS } from "~/lib/cache";
import { LIMITS } from "~/lib/constants";
import { formatLifetime } from "~/lib/dates";
import { confirmSubscription } from "~/modules/promotions/newsletter.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  noindexMeta(matches, "Confirmar suscripción");

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS;

const TEXTS = {
  confirmed: {
    title: "Suscripción confirmada",
    message:
      "¡Listo! A partir de ahora recibirás nuestras novedades y ofertas. Cada correo lleva un enlace para darte de baja con un clic.",
  },
  expired: {
    title: "El enlace ha caducado",
    message: `Los enlaces de confirmación caducan en ${formatLifetime(LIMITS.newsletterConfirmationTtlSeconds)}. Vuelve a suscribirte desde el formulario del pie de página y te enviaremos uno nuevo.`,
  },
  invalid: {
    title: "Enlace no válido",
    message:
      "El enlace de confirmación no es válido. Comprueba que lo has copiado entero o vuelve a suscribirte desde el formulario del pie de página.",
  },
} as const;

/**
 * The double opt-in link lands here. Following it confirms the subscription: a GET that changes
 * something, as the account's confirmation link does (ADR 0009) — the signed token is the
 * authorisation and using it twice changes nothing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const outcome = await confirmSubscription(new URL(request.url).searchParams.get("token"));
  return data(
    { outcome },
    { status: outcome === "confirmed" ? 200 : 400, headers: TOKEN_PAGE_HEADERS },
  );
}

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  const text = TEXTS[loaderData.outcome];
  return (
    <MessagePage title={text.title} message={text.message}>
      <BackToShopLink />
    </MessagePage>
  );
}
