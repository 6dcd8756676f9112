import { renderEmail, type EmailSite, type RenderedEmail } from "~/lib/email-layout";

/** The shop's copy of a message sent from /contacto. Plain values; the layout escapes. */
export function contactEmail(
  input: EmailSite & {
    name: string;
    email: string;
    subject: string | null;
    orderNumber: string | null;
    message: string;
  },
): RenderedEmail {
  const topic = input.subject ?? (input.orderNumber ? `pedido ${input.orderNumber}` : null);
  return renderEmail({
    siteName: input.siteName,
    siteUrl: input.siteUrl,
    sender: input.sender,
    audience: "shop",
    subject: topic ? `Mensaje de contacto: ${topic}` : `Mensaje de contacto de ${input.name}`,
    preview: `${input.name} te escribe desde la página de contacto`,
    greeting: "Hola:",
    paragraphs: [
      `${input.name} te ha escrito desde la página de contacto de la tienda.`,
      `Nombre: ${input.name}`,
      `Correo electrónico: ${input.email}`,
      `Asunto: ${input.subject ?? "sin asunto"}`,
      `Número de pedido: ${input.orderNumber ?? "no indicado"}`,
      "Mensaje:",
      input.message,
    ],
    notes: [
      "Responde a este correo para escribir directamente a quien envió el mensaje. Hemos prometido respuesta en un máximo de 24 horas laborables.",
    ],
  });
}
