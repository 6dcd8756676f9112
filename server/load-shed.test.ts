import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { serveOnLoopback, until } from "../tests/helpers/loopback";
import { loadShedding, SHED_MESSAGE } from "./load-shed";

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/**
 * A server whose /lento requests stay in flight until the test lets them go, behind the
 * middleware: 1 in flight, 1 waiting (at most `maxWaitMs`).
 */
async function slowServer(maxWaitMs = 30_000) {
  const waiting: (() => void)[] = [];
  const app = express();
  app.use(
    loadShedding({
      maxInFlight: 1,
      maxQueued: 1,
      maxWaitMs,
      retryAfterSeconds: 5,
      exemptPaths: ["/healthz"],
    }),
  );
  app.get("/lento", (_req, res) => {
    waiting.push(() => res.send("hecho"));
  });
  app.get("/healthz", (_req, res) => res.send("ok"));
  const { url, stop } = await serveOnLoopback(app);
  cleanup.push(stop);
  /** Waits until `count` requests are in the handler. */
  const inHandler = (count: number) =>
    until(
      () => waiting.length >= count,
      () => `${waiting.length} in the handler`,
    );
  return { url, waiting, inHandler };
}

describe("loadShedding", () => {
  it("beyond the in-flight and queue limits answers 503 with Retry-After and a Spanish page at once", async () => {
    const { url, waiting, inHandler } = await slowServer();
    const first = fetch(`${url}/lento`);
    await inHandler(1);
    const second = fetch(`${url}/lento`);
    // The second waits in the queue; the third finds it full.
    const started = Date.now();
    const third = await fetch(`${url}/lento`, { headers: { Accept: "text/html" } });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(third.status).toBe(503);
    expect(third.headers.get("Retry-After")).toBe("5");
    const html = await third.text();
    expect(html).toContain('lang="es"');
    expect(html).toContain(SHED_MESSAGE);
    // The health check is never shed.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    // As the first ends, the queued one gets its turn.
    waiting.shift()!();
    expect((await first).status).toBe(200);
    await inHandler(1);
    waiting.shift()!();
    expect((await second).status).toBe(200);
    // Everything is free again.
    const fourth = fetch(`${url}/lento`);
    await inHandler(1);
    waiting.shift()!();
    expect((await fourth).status).toBe(200);
  });

  it("a request that waited too long in the queue gets the 503, not a timeout", async () => {
    const { url, waiting, inHandler } = await slowServer(100);
    const first = fetch(`${url}/lento`);
    await inHandler(1);
    const queued = await fetch(`${url}/lento`);
    expect(queued.status).toBe(503);
    expect(queued.headers.get("Retry-After")).toBe("5");
    waiting.shift()!();
    expect((await first).status).toBe(200);
  });
});
