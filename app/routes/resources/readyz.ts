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

/** The driver's error code or message, without a stack (e.g. 57P01, ECONNREFUSED). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") return code;
  return cause instanceof Error ? cause.message.slice(0, 200) : "unknown";
}
