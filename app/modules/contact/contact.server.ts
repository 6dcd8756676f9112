/**
 * Messages from the contact form of /contacto: e-mailed to the shop — its contact
 * address, or every active admin until one is set — with Reply-To set to the visitor, so a
 * reply goes straight to them. Nothing is stored: the message is sent while the visitor waits,
 * and a failure is told to them (with what they typed kept) instead of being lost.
 */
import { ok, unavailable, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { getMailer } from "~/lib/mail.server";
import { getMailIdentity, shopAddressees } from "~/modules/settings/index.server";
import { CONTACT_MESSAGES } from "./contact-constants";
import { contactEmail } from "./contact-email";
import type { ContactInput } from "./schemas";

/** Sent, or `unavailable` (logged) when there is nobody to send it to or the mail server fails. */
export async function sendContactMessage(input: ContactInput): Promise<Result> {
  const [to, identity] = await Promise.all([
    shopAddressees("contact message not sent", {}, "error"),
    getMailIdentity(),
  ]);
  if (to === null) return unavailable(CONTACT_MESSAGES.notSent);
  const mail = contactEmail({
    ...identity.site,
    name: input.name,
    email: input.email,
    subject: input.subject || null,
    orderNumber: input.orderNumber || null,
    message: input.message,
  });
  try {
    await getMailer().send({ to, replyTo: input.email, ...mail });
    return ok();
  } catch (error) {
    log("error", "contact message not sent", { error: String(error) });
    return unavailable(CONTACT_MESSAGES.notSent);
  }
}
