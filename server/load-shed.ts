/**
 * Load shedding (ADR 0032): at most `maxInFlight` requests are handled at once and at most
 * `maxQueued` wait for a turn, each no longer than `maxWaitMs`. Anything beyond is answered at
 * once with 503, `Retry-After` and a Spanish page, instead of queueing in the event loop until
 * every request times out and memory grows with the backlog. The health checks are exempt: a
 * busy instance is alive and ready, and its load balancer must keep seeing that.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { REQUEST_LIMITS } from "~/lib/constants";
import { log } from "~/lib/log.server";
import { refusalBody } from "./refusal";
import { createTurns } from "./turns";

export interface LoadShedOptions {
  /** Requests handled at once; 0 turns shedding off. */
  maxInFlight: number;
  maxQueued: number;
  maxWaitMs: number;
  retryAfterSeconds: number;
  exemptPaths: readonly string[];
}

/** The health checks: never shed nor held (a busy instance is alive and ready). */
export const HEALTH_CHECK_PATHS = ["/healthz", "/readyz"] as const;

/** The shop's settings: REQUEST_LIMITS, with the in-flight limit from MAX_CONCURRENT_REQUESTS. */
export function loadShedOptions(maxInFlight: number): LoadShedOptions {
  return {
    maxInFlight,
    maxQueued: REQUEST_LIMITS.queuedRequests,
    maxWaitMs: REQUEST_LIMITS.queueWaitMs,
    retryAfterSeconds: REQUEST_LIMITS.shedRetryAfterSeconds,
    exemptPaths: HEALTH_CHECK_PATHS,
  };
}

export const SHED_MESSAGE =
  "La tienda está atendiendo a muchas personas a la vez. Vuelve a intentarlo en unos segundos.";

export function loadShedding(options: LoadShedOptions): RequestHandler {
  if (options.maxInFlight <= 0) return (_req, _res, next) => next();
  const exempt = new Set(options.exemptPaths);
  const turns = createTurns(options.maxInFlight);
  let shedSinceLog = 0;
  let logTimer: NodeJS.Timeout | undefined;

  const shed = (res: Response) => {
    // One log line per second at most: a line per refused request would add to the overload.
    shedSinceLog += 1;
    logTimer ??= setTimeout(() => {
      log("warn", "load shed", {
        refused: shedSinceLog,
        inFlight: turns.active(),
        queued: turns.waiting(),
      });
      shedSinceLog = 0;
      logTimer = undefined;
    }, 1000).unref();
    res.status(503);
    res.setHeader("Retry-After", String(options.retryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Connection", "close");
    res.type("html").send(refusalBody(503, SHED_MESSAGE, String(res.locals.requestId ?? "")));
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (exempt.has(req.path)) return next();
    if (turns.active() >= options.maxInFlight && turns.waiting() >= options.maxQueued) {
      return shed(res);
    }
    const wait: { timer?: NodeJS.Timeout } = {};
    const cancel = turns.enter(() => {
      clearTimeout(wait.timer);
      res.once("close", turns.leave);
      next();
    });
    if (!cancel) return;
    wait.timer = setTimeout(() => {
      if (cancel()) shed(res);
    }, options.maxWaitMs);
    // A client that gives up while waiting frees its place in the queue.
    res.once("close", () => {
      if (cancel()) clearTimeout(wait.timer);
    });
  };
}
