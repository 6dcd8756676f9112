/**
 * Preloaded into the server process by `npm run bench` (node --import): measures event-loop
 * delay and peak memory (RSS) and reports them over the IPC channel, so the shop's own code
 * carries no benchmark hooks. Plain JavaScript: the server runs under plain `node`, as in
 * production, and a TypeScript loader would add its own memory to the figures.
 * The report's shape is `ProbeReport` in run.ts.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import process from "node:process";
import { setInterval } from "node:timers";

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peakRss = process.memoryUsage.rss();
  setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 50).unref();

  process.on("message", (message) => {
    if (message?.type === "probe-reset") {
      delay.reset();
      peakRss = process.memoryUsage.rss();
    } else if (message?.type === "probe-report") {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      process.send({
        type: "probe-report",
        eventLoopP99Ms: delay.percentile(99) / 1e6,
        eventLoopMaxMs: delay.max / 1e6,
        peakRssMb: peakRss / 1024 / 1024,
      });
    }
  });
  // The IPC channel would keep the process alive after SIGTERM's clean shutdown otherwise.
  process.channel?.unref();
}
