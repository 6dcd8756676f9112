import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { serveOnLoopback, until } from "../tests/helpers/loopback";
import { pageTurns } from "./page-turns";

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/**
 * A server behind `pageTurns(2, tailMs)` whose requests stay in the handler until the test lets
 * them go: `inHandler` lists them by their `?n=`, `finish(n)` answers one, `head(n)` sends its
 * head and a first chunk and leaves it streaming.
 */
async function turnServer(tailMs = 30_000) {
  const held = new Map<string, express.Response>();
  const arrived = new Set<string>();
  const closed = new Set<string>();
  const app = express();
  app.use((req, res, next) => {
    arrived.add(String(req.query.n));
    res.once("close", () => closed.add(String(req.query.n)));
    next();
  });
  app.use(pageTurns({ maxAtOnce: 2, tailMs, exemptPaths: ["/healthz"] }));
  app.all("/pagina", (req, res) => {
    held.set(String(req.query.n), res);
  });
  app.get("/healthz", (_req, res) => res.send("ok"));
  const { url, stop } = await serveOnLoopback(app);
  cleanup.push(stop);
  /** Waits until request `n` is in the handler. */
  const reaches = (n: string) =>
    until(
      () => held.has(n),
      () => `${n} never reached the handler`,
    );
  /** Waits until the server has request `n` (waiting its turn or not). */
  const arrives = (n: string) =>
    until(
      () => arrived.has(n),
      () => `${n} never arrived`,
    );
  /** Waits until the server has seen request `n`'s connection close. */
  const leaves = (n: string) =>
    until(
      () => closed.has(n),
      () => `${n} never closed`,
    );
  const get = (n: string, init?: RequestInit) => fetch(`${url}/pagina?n=${n}`, init);
  /** GETs a and b, and waits until both hold a turn. */
  const takeBothTurns = async () => {
    const both = [get("a"), get("b")] as const;
    await reaches("a");
    await reaches("b");
    return both;
  };
  return {
    url,
    takeBothTurns,
    get,
    post: (n: string) => fetch(`${url}/pagina?n=${n}`, { method: "POST" }),
    reaches,
    arrives,
    leaves,
    inHandler: () => [...held.keys()].sort(),
    finish: (n: string) => {
      held.get(n)!.send(`hecho ${n}`);
      held.delete(n);
    },
    head: (n: string) => {
      held.get(n)!.writeHead(200, { "Content-Type": "text/plain" });
      held.get(n)!.write("primer trozo");
    },
  };
}

describe("pageTurns", () => {
  it("works on two GETs at once; the next waits its turn, first come first served", async () => {
    const s = await turnServer();
    const [a, b] = await s.takeBothTurns();
    const c = s.get("c");
    const d = s.get("d");
    // A form post is not held: it reaches the handler while c and d wait. Nor is a health check.
    const post = s.post("p");
    await s.reaches("p");
    expect(s.inHandler()).toEqual(["a", "b", "p"]);
    expect(await (await fetch(`${s.url}/healthz`)).text()).toBe("ok");

    s.finish("a");
    expect(await (await a).text()).toBe("hecho a");
    await s.reaches("c");
    expect(s.inHandler()).toEqual(["b", "c", "p"]);
    s.finish("b");
    await s.reaches("d");
    for (const n of ["c", "d", "p"]) s.finish(n);
    expect((await Promise.all([b, c, d, post])).map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it("frees the place of a visitor who gives up while waiting", async () => {
    const s = await turnServer();
    const [a, b] = await s.takeBothTurns();
    const gaveUp = new AbortController();
    const c = s.get("c", { signal: gaveUp.signal }).catch((error: unknown) => error);
    // c waits its turn at the server, then its visitor leaves.
    await s.arrives("c");
    const d = s.get("d");
    await s.arrives("d");
    gaveUp.abort();
    expect(await c).toBeInstanceOf(Error);
    await s.leaves("c");
    s.finish("a");
    // d takes the freed turn; the abandoned c never runs.
    await s.reaches("d");
    expect(s.inHandler()).not.toContain("c");
    for (const n of ["b", "d"]) s.finish(n);
    expect((await Promise.all([a, b, d])).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("ends a streaming answer's turn a short while after its first byte", async () => {
    const s = await turnServer(100);
    const [a, b] = await s.takeBothTurns();
    const c = s.get("c");
    // a starts a long download: its head is out, its body is not finished.
    s.head("a");
    expect((await a).status).toBe(200);
    await s.reaches("c");
    expect(s.inHandler()).toEqual(["a", "b", "c"]);
    for (const n of ["b", "c"]) s.finish(n);
    expect((await Promise.all([b, c])).map((r) => r.status)).toEqual([200, 200]);
  });
});
