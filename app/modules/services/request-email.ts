import { renderEmail, type EmailSite, type RenderedEmail } from "~/lib/email-layout";
import { formatPreferredDate } from "./request-schemas";

/** The shop's notice of a new 'Solicitar este servicio' request. Plain values; the layout escapes. */
export function serviceRequestEmail(
  input: EmailSite & {
    serviceName: string;
    serviceUrl: string;
    name: string;
    email: string;
    phone: string | null;
    preferredDate: string | null;
    message: string;
    adminUrl: string;
  },
): RenderedEmail {
  return renderEmail({
    siteName: input.siteName,
    siteUrl: input.siteUrl,
    sender: input.sender,
    audience: "shop",
    subject: `Nueva solicitud de servicio: ${input.serviceName}`,
    preview: `${input.name} pide «${input.serviceName}»`,
    greeting: "Hola:",
    paragraphs: [
      `${input.name} ha solicitado el servicio «${input.serviceName}» (${input.serviceUrl}).`,
      `Nombre: ${input.name}`,
      `Correo electrónico: ${input.email}`,
      `Teléfono: ${input.phone ?? "no indicado"}`,
      `Fecha preferida: ${input.preferredDate ? formatPreferredDate(input.preferredDate) : "sin preferencia"}`,
      "Mensaje:",
      input.message,
    ],
    action: { label: "Ver las solicitudes", url: input.adminUrl },
    notes: [
      "Responde a este correo para escribir directamente a quien hizo la solicitud, y marca la solicitud como «Contactado» en el panel.",
    ],
  });
}
