/**
 * Preloaded into the server process by `npm run bench` (node --import): measures event-loop
 * delay and peak memory (RSS) and reports them over the IPC channel, so the shop's own code
 * carries no benchmark hooks.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

export interface ProbeReport {
  type: "probe-report";
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  peakRssMb: number;
}

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peakRss = process.memoryUsage.rss();
  setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 50).unref();

  process.on("message", (message: { type?: string }) => {
    if (message.type === "probe-reset") {
      delay.reset();
      peakRss = process.memoryUsage.rss();
    } else if (message.type === "probe-report") {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      const report: ProbeReport = {
        type: "probe-report",
        eventLoopP99Ms: delay.percentile(99) / 1e6,
        eventLoopMaxMs: delay.max / 1e6,
        peakRssMb: peakRss / 1024 / 1024,
      };
      process.send!(report);
    }
  });
  // The IPC channel would keep the process alive after SIGTERM's clean shutdown otherwise.
  process.channel?.unref();
}
