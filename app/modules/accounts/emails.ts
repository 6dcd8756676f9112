import { formatLifetime } from "~/lib/dates";
import {
  renderEmail,
  type EmailContent,
  type EmailSite,
  type RenderedEmail,
} from "~/lib/email-layout";

/*
 * The accounts' e-mails (Spanish). Each takes plain values; the layout escapes them and
 * writes the HTML and plain-text parts.
 */

interface Common extends EmailSite {
  /** The customer's full name ("" when unknown). */
  name: string;
}

function greeting(name: string) {
  const trimmed = name.trim();
  return trimmed ? `Hola, ${trimmed}:` : "Hola:";
}

/** An e-mail to the account's owner, greeted by name, in the shop's customer layout. */
function accountEmail(
  input: Common,
  content: Omit<EmailContent, keyof EmailSite | "audience" | "greeting">,
): RenderedEmail {
  const { siteName, siteUrl, sender } = input;
  return renderEmail({
    siteName,
    siteUrl,
    sender,
    audience: "customer",
    greeting: greeting(input.name),
    ...content,
  });
}

/** Sent at sign-up (and on request): the link that confirms the address. */
export function verificationEmail(
  input: Common & { url: string; lifetimeSeconds: number },
): RenderedEmail {
  return accountEmail(input, {
    subject: `Confirma tu correo electrónico en ${input.siteName}`,
    preview: "Un clic y tu cuenta queda confirmada.",
    paragraphs: [
      `Se ha creado una cuenta en ${input.siteName} con esta dirección de correo electrónico. Confirma que es tuya con el botón de abajo.`,
    ],
    action: { label: "Confirmar mi correo", url: input.url },
    notes: [
      `El enlace caduca en ${formatLifetime(input.lifetimeSeconds)}. Si ha caducado, inicia sesión y pide otro.`,
      "Si no has creado tú esta cuenta, ignora este mensaje.",
    ],
  });
}

/** "¿Has olvidado tu contraseña?": the single-use link that sets a new one. */
export function passwordResetEmail(
  input: Common & { url: string; lifetimeSeconds: number },
): RenderedEmail {
  return accountEmail(input, {
    subject: `Restablece tu contraseña de ${input.siteName}`,
    preview: "Elige una contraseña nueva para tu cuenta.",
    paragraphs: [
      "Hemos recibido una solicitud para restablecer la contraseña de tu cuenta. Pulsa el botón para elegir una nueva.",
    ],
    action: { label: "Elegir una contraseña nueva", url: input.url },
    notes: [
      `El enlace caduca en ${formatLifetime(input.lifetimeSeconds)} y solo puede usarse una vez.`,
      "Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.",
    ],
  });
}

/** After a reset or a change in /perfil: tells the owner, who can act if it was not them. */
export function passwordChangedEmail(input: Common & { forgotUrl: string }): RenderedEmail {
  return accountEmail(input, {
    subject: `Tu contraseña de ${input.siteName} ha cambiado`,
    preview: "Se ha establecido una contraseña nueva para tu cuenta.",
    paragraphs: [
      "La contraseña de tu cuenta se acaba de cambiar y se han cerrado las sesiones abiertas en otros dispositivos.",
      "Si has sido tú, no tienes que hacer nada más.",
    ],
    action: { label: "No he sido yo: restablecer la contraseña", url: input.forgotUrl },
  });
}
