import { getEnv } from "~/lib/env.server";
import type { OutgoingMail } from "~/lib/mail.server";
import { customerMail, type MailIdentity } from "~/modules/settings/index.server";
import { promotionEmail } from "./emails";
import { unsubscribeUrl } from "./tokens.server";

/**
 * One promotion addressed to one person, as the outbox worker sends it and as the admin's test
 * shows it: the shop's footer, Reply-To and the recipient's own one-click unsubscribe link.
 */
export function promotionMail(
  identity: MailIdentity,
  to: string,
  promotion: { title: string; body: string },
  { test = false } = {},
): OutgoingMail {
  const mail = promotionEmail({
    ...identity.site,
    title: promotion.title,
    body: promotion.body,
    unsubscribeUrl: unsubscribeUrl(to, getEnv().BASE_URL),
    test,
  });
  return customerMail(identity, to, mail);
}
