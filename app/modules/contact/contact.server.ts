/**
 * Messages from the contact form of /contacto: e-mailed to the shop — its contact
 * address, or every active admin until one is set — with Reply-To set to the visitor, so a
 * reply goes straight to them. Nothing is stored: the message is sent while the visitor waits,
 * and a failure is told to them (with what they typed kept) instead of being lost.
 */
import { log } from "~/lib/log.server";
import { getMailer } from "~/lib/mail.server";
import { getMailIdentity, shopRecipients } from "~/modules/settings/index.server";
import { contactEmail } from "./contact-email";
import type { ContactInput } from "./schemas";

export async function sendContactMessage(input: ContactInput): Promise<{ sent: boolean }> {
  const [recipients, identity] = await Promise.all([shopRecipients(), getMailIdentity()]);
  if (recipients.length === 0) {
    log("error", "contact message not sent: no contact e-mail and no active admin", {});
    return { sent: false };
  }
  const mail = contactEmail({
    ...identity.site,
    name: input.name,
    email: input.email,
    subject: input.subject || null,
    orderNumber: input.orderNumber || null,
    message: input.message,
  });
  try {
    await getMailer().send({ to: recipients.join(", "), replyTo: input.email, ...mail });
    return { sent: true };
  } catch (error) {
    log("error", "contact message not sent", { error: String(error) });
    return { sent: false };
  }
}
