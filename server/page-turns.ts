/**
 * Pages take turns (ADR 0040): at most `maxAtOnce` GET requests that reach the app (pages,
 * their data, feeds and exports; not static files or page-cache hits, which are served before)
 * are worked on at once; the others wait here, first come first served. The main thread can only do one thing at a time: a request spends about half its
 * time there (loaders' results, rendering) and half waiting for the database, so a few in
 * progress keep it busy, and more only pile their work into the same loop iterations, which
 * then take long enough to delay every timer, socket and health check of the process.
 * Form posts (checkout, payment events) are not held: they are few, and some wait on outside
 * services; nor are the health checks. The load shedder before this (load-shed.ts) still bounds how many wait in all.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createTurns } from "./turns";

export interface PageTurnOptions {
  /** Worked on at once; 0 turns this off. */
  maxAtOnce: number;
  /** How long after its first byte an answer may still hold its turn. */
  tailMs: number;
  /** Never held (the health checks: a load balancer must get their answer at once). */
  exemptPaths: readonly string[];
}

export function pageTurns({ maxAtOnce, tailMs, exemptPaths }: PageTurnOptions): RequestHandler {
  if (maxAtOnce <= 0) return (_req, _res, next) => next();
  const exempt = new Set(exemptPaths);
  const turns = createTurns(maxAtOnce);

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || exempt.has(req.path)) return next();
    const cancel = turns.enter(() => {
      let done = false;
      let tail: NodeJS.Timeout | undefined;
      const release = () => {
        if (done) return;
        done = true;
        clearTimeout(tail);
        turns.leave();
      };
      // The turn lasts until the answer is handed to the operating system: its compression and
      // writing are work on this thread too. A long download (an export, a feed) or a client
      // that reads slowly keeps it no more than `tailMs` after the first byte, so that a few
      // slow readers cannot hold every turn.
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
      res.writeHead = ((...args: unknown[]) => {
        if (!done) tail ??= setTimeout(release, tailMs).unref();
        return writeHead(...args);
      }) as Response["writeHead"];
      res.once("finish", release);
      res.once("close", release);
      next();
    });
    // A visitor who gives up while waiting frees their place.
    if (cancel) res.once("close", cancel);
  };
}
