import { sql } from "drizzle-orm";
import { CACHE } from "~/lib/cache";
import { getDb } from "~/db/client.server";

/**
 * Readiness, for the load balancer: 200 when the database answers, 503 with the reason while
 * it does not (the process stays up and serves again once it answers: /healthz stays 200).
 */
export async function loader() {
  const headers = { "Content-Type": "application/json", "Cache-Control": CACHE.privateNoStore };
  try {
    await getDb().execute(sql`select 1`);
    return new Response(JSON.stringify({ status: "ok" }), { headers });
  } catch (error) {
    return new Response(
      JSON.stringify({ status: "unavailable", database: "unreachable", reason: reasonOf(error) }),
      { status: 503, headers },
    );
  }
}

/**
 * The driver's error code only (e.g. 57P01, ECONNREFUSED): the endpoint is public, and a
 * message may name the database's host, port or user.
 */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^[A-Z0-9_]{1,32}$/.test(code) ? code : "unknown";
}
