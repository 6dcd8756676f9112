import { sql } from "drizzle-orm";
import { CACHE } from "~/lib/cache";
import { getDb } from "~/db/client.server";

/** Liveness and readiness for load balancers: 200 only when the database answers. */
export async function loader() {
  const headers = { "Content-Type": "application/json", "Cache-Control": CACHE.privateNoStore };
  try {
    await getDb().execute(sql`select 1`);
    return new Response(JSON.stringify({ status: "ok" }), { headers });
  } catch {
    return new Response(JSON.stringify({ status: "error", database: "unreachable" }), {
      status: 503,
      headers,
    });
  }
}
