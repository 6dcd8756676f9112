import { formatLifetime } from "~/lib/dates";
import { renderEmail, type EmailSite, type RenderedEmail } from "~/lib/email-layout";

/*
 * The promotions' and the newsletter's e-mails (Spanish). Plain values in; the layout escapes
 * them. Marketing e-mails carry the unsubscribe link in the body and in the headers (RFC 8058).
 */

type Site = EmailSite;

/** The shop's identity on a customer's e-mail. */
const customerSite = ({ siteName, siteUrl, sender }: Site) => ({
  siteName,
  siteUrl,
  sender,
  audience: "customer" as const,
});

/** Double opt-in: the link that confirms a newsletter sign-up. */
export function newsletterConfirmationEmail(
  input: Site & { url: string; lifetimeSeconds: number },
): RenderedEmail {
  return renderEmail({
    ...customerSite(input),
    subject: `Confirma tu suscripción a la newsletter de ${input.siteName}`,
    preview: "Un clic y empezarás a recibir nuestras novedades.",
    greeting: "Hola:",
    paragraphs: [
      `Alguien (esperamos que tú) ha pedido suscribir esta dirección a la newsletter de ${input.siteName}. Confirma la suscripción con el botón de abajo.`,
      "No te enviaremos nada más hasta que la confirmes.",
    ],
    action: { label: "Confirmar mi suscripción", url: input.url },
    notes: [
      `El enlace caduca en ${formatLifetime(input.lifetimeSeconds)}. Si ha caducado, vuelve a suscribirte desde el pie de cualquier página de la tienda.`,
      "Si no has sido tú, ignora este mensaje: no quedarás suscrito.",
    ],
  });
}

export const PROMOTION_TEST_PREFIX = "[Prueba] ";
export const PROMOTION_TEST_NOTICE =
  "Esto es una prueba de la promoción: solo la recibes tú. Los destinatarios la recibirán sin este aviso cuando confirmes el envío.";

/** One promotion as its recipients read it: the title as subject, the body's paragraphs. */
export function promotionEmail(
  input: Site & {
    title: string;
    body: string;
    unsubscribeUrl: string;
    /** The admin's test before the real send: marked as such in the subject and the text. */
    test?: boolean;
  },
): RenderedEmail & { headers: Record<string, string> } {
  const paragraphs = input.body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s*\r?\n\s*/g, " ").trim())
    .filter(Boolean);
  const email = renderEmail({
    ...customerSite(input),
    subject: input.test ? `${PROMOTION_TEST_PREFIX}${input.title}` : input.title,
    preview: paragraphs[0]?.slice(0, 140) ?? input.title,
    greeting: "Hola:",
    paragraphs: input.test ? [PROMOTION_TEST_NOTICE, ...paragraphs] : paragraphs,
    notes: [
      `Recibes este correo porque aceptaste recibir ofertas y novedades de ${input.siteName}. Puedes darte de baja con un clic con el enlace del final.`,
    ],
    unsubscribeUrl: input.unsubscribeUrl,
  });
  return {
    ...email,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
