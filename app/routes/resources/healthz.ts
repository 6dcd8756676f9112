import { CACHE } from "~/lib/cache";

/**
 * Liveness: the process is up and serving. No database call, so an orchestrator does not
 * restart a healthy process during a database outage (readiness is /readyz).
 */
export function loader() {
  return new Response(JSON.stringify({ status: "ok" }), {
    headers: { "Content-Type": "application/json", "Cache-Control": CACHE.privateNoStore },
  });
}
