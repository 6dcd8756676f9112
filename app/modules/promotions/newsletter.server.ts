import { newsletterSubscribers } from "~/db/schema";
import { getDb } from "~/lib/db.server";

/** Records (or renews) a newsletter subscription with the time consent was given. */
export async function subscribeToNewsletter(email: string) {
  await getDb()
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: { consentedAt: new Date(), unsubscribedAt: null },
    });
}
