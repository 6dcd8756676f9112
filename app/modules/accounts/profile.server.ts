import { eq } from "drizzle-orm";
import { userPreferences, users } from "~/db/schema";
import { getDb } from "~/lib/db.server";

export async function getProfile(userId: string) {
  const [row] = await getDb()
    .select({
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      receiveMarketingEmails: userPreferences.receiveMarketingEmails,
      receiveNewsletter: userPreferences.receiveNewsletter,
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}
