import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { getDb } from "~/db/client.server";

/** The account registered with an address, if any (addresses are stored lower-cased). */
export async function accountByEmail(email: string) {
  const [row] = await getDb()
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row;
}
