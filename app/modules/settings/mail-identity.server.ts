/**
 * What every e-mail of the shop says about the shop, read from /admin/configuracion at the time
 * of sending: its name and address, the seller's legal data for the footer (LSSI art. 10) and
 * the Reply-To of customer e-mails (the contact e-mail, when set). Also who receives the shop's
 * own notices (new orders, service requests).
 */
import { and, asc, eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { EMPTY_SENDER, type EmailSender, type EmailSite } from "~/lib/email-layout";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import type { OutgoingMail } from "~/lib/mail.server";
import { DEFAULT_SITE_SETTINGS, getLegalData, getSiteSettings } from "./site-settings.server";

export interface MailIdentity {
  site: EmailSite;
  /** The Reply-To of customer e-mails: the contact e-mail, or none until one is set. */
  replyTo: string | undefined;
}

/**
 * Never fails: when the settings cannot be read the e-mail still goes out with the default
 * name and no legal data (left out, not shown as a placeholder).
 */
export async function getMailIdentity(): Promise<MailIdentity> {
  const siteUrl = `${getEnv().BASE_URL}/`;
  try {
    const [{ general }, legal] = await Promise.all([getSiteSettings(), getLegalData()]);
    const sender: EmailSender = {
      legalName: legal.companyName.trim(),
      nif: legal.nif.trim(),
      address: legal.address.trim(),
      registry: legal.registry.trim(),
      phone: legal.phone.trim(),
      contactEmail: general.contactEmail,
    };
    return {
      site: { siteName: general.siteName, siteUrl, sender },
      replyTo: general.contactEmail ?? undefined,
    };
  } catch (error) {
    log("error", "site settings unreadable for an e-mail, using the defaults", {
      error: String(error),
    });
    return {
      site: { siteName: DEFAULT_SITE_SETTINGS.general.siteName, siteUrl, sender: EMPTY_SENDER },
      replyTo: undefined,
    };
  }
}

/** A customer e-mail, addressed: replies go to the shop's contact e-mail when there is one. */
export function customerMail(
  identity: MailIdentity,
  to: string,
  email: Omit<OutgoingMail, "to" | "replyTo">,
): OutgoingMail {
  return { ...email, to, ...(identity.replyTo ? { replyTo: identity.replyTo } : {}) };
}

/**
 * Where the shop reads its mail: the contact address of the site settings, or — until the owner
 * sets one — every active admin's address.
 */
async function shopRecipients(): Promise<string[]> {
  const { general } = await getSiteSettings();
  if (general.contactEmail) return [general.contactEmail];
  const admins = await getDb()
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.banned, false)))
    .orderBy(asc(users.email));
  return admins.map((admin) => admin.email);
}

/**
 * The shop's addressees as one `To` (shopRecipients), or null when there is nobody (no contact
 * e-mail set and no active admin): then logged as `notSent`, with `context`, at `level`.
 */
export async function shopAddressees(
  notSent: string,
  context: Record<string, unknown> = {},
  level: "warn" | "error" = "warn",
): Promise<string | null> {
  const recipients = await shopRecipients();
  if (recipients.length > 0) return recipients.join(", ");
  log(level, `${notSent}: no contact e-mail and no active admin`, context);
  return null;
}
