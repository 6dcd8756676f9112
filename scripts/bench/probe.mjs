/**
 * Preloaded into the server process by `npm run bench` (node --import): measures event-loop
 * delay and peak memory (RSS) and reports them over the IPC channel, so the shop's own code
 * carries no benchmark hooks. Plain JavaScript: the server runs under plain `node`, as in
 * production, and a TypeScript loader would add its own memory to the figures.
 * The report's shape is `ProbeReport` in run.ts.
 *
 * On PostgreSQL it also times every query the shop sends (node-postgres' Client#query, which
 * the pool's queries go through) and reports the slowest distinct statements with their
 * parameters, so that the bench can EXPLAIN them ("probe-queries").
 */
import { createRequire } from "node:module";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import process from "node:process";
import { setInterval } from "node:timers";

/**
 * The histogram samples with a timer of this period and records the time between its callbacks,
 * so an idle loop reads 10 ms. What is reported is the delay past the period: how late the
 * timer ran (ADR 0040).
 */
const RESOLUTION_MS = 10;
const lateness = (ns) => Math.max(0, ns / 1e6 - RESOLUTION_MS);

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let peakRss = process.memoryUsage.rss();
  setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 50).unref();

  /** Slowest run of each statement text: { text, values, ms }. */
  const slowest = new Map();
  if (process.env.DATABASE_URL) {
    const pg = createRequire(import.meta.url)("pg");
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (config, values, callback) {
      const text = typeof config === "string" ? config : config?.text;
      const params = Array.isArray(values) ? values : config?.values;
      const started = performance.now();
      const record = () => {
        const ms = performance.now() - started;
        if (typeof text !== "string") return;
        if ((slowest.get(text)?.ms ?? -1) < ms) slowest.set(text, { text, values: params, ms });
      };
      const cb = typeof values === "function" ? values : callback;
      if (typeof cb === "function") {
        const wrapped = (...args) => {
          record();
          return cb(...args);
        };
        return typeof values === "function"
          ? query.call(this, config, wrapped)
          : query.call(this, config, values, wrapped);
      }
      const result = query.call(this, config, values, callback);
      if (result && typeof result.then === "function") result.then(record, record);
      return result;
    };
  }

  process.on("message", (message) => {
    if (message?.type === "probe-reset") {
      delay.reset();
      peakRss = process.memoryUsage.rss();
    } else if (message?.type === "probe-queries-reset") {
      slowest.clear();
    } else if (message?.type === "probe-queries") {
      process.send({
        type: "probe-queries",
        queries: [...slowest.values()].sort((a, b) => b.ms - a.ms).slice(0, 10),
      });
    } else if (message?.type === "probe-report") {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      process.send({
        type: "probe-report",
        eventLoopP99Ms: lateness(delay.percentile(99)),
        eventLoopMaxMs: lateness(delay.max),
        peakRssMb: peakRss / 1024 / 1024,
      });
    }
  });
  // The IPC channel would keep the process alive after SIGTERM's clean shutdown otherwise.
  process.channel?.unref();
}
