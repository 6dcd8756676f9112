/**
 * Twice the load the shop sustains: it sheds the excess with 503 + Retry-After at once instead
 * of queueing it into timeouts, the requests it accepts keep a bounded latency and its memory
 * stays bounded (ADR 0032). Compared with the same overload and shedding turned off.
 */
import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { REQUEST_LIMITS } from "~/lib/constants";
import { percentile, runLoad } from "../../scripts/bench/load";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";
import { reportFigures } from "./report";

const SECONDS = Number(process.env.FAULTS_LOAD_SECONDS ?? 10);

/** Samples a process's resident memory every 100 ms; `stop()` returns the peak, in MB. */
function watchRss(pid: number) {
  let peakKb = 0;
  const sample = () => {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    peakKb = Math.max(peakKb, Number(/VmRSS:\s+(\d+)/.exec(status)![1]));
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Math.round(peakKb / 1024);
    },
  };
}

let shedding: TestServer;
let unlimited: TestServer;
beforeAll(async () => {
  delete process.env.DATABASE_URL;
  const env = { LOG_REQUESTS: "false" };
  shedding = await startServer({ seed: true, env });
  unlimited = await startServer({
    seed: true,
    env: { ...env, MAX_CONCURRENT_REQUESTS: "0", MAX_CONCURRENT_PAGES: "0" },
  });
});
afterAll(async () => {
  await shedding?.stop();
  await unlimited?.stop();
});

/** A visitor with a cart: every page is rendered for them (no shared page cache). */
async function visitorCookie(server: TestServer) {
  const visitor = new BrowserClient(server.url);
  await visitor.post("/carrito", { intent: "add", productId: "1" });
  return visitor.cookieHeader();
}

/**
 * An open loop: `rate` requests a second for `seconds` whatever the answers take (new visitors
 * keep arriving), each given up after 30 s. Latencies of the answers served (not shed).
 */
async function overload(server: TestServer, cookie: string, rate: number, seconds: number) {
  const rss = watchRss(server.process.pid!);
  const served: number[] = [];
  let shed = 0;
  let retryAfter = true;
  let other = 0;
  const requests: Promise<void>[] = [];
  const started = Date.now();
  for (let sent = 0; sent < rate * seconds; sent++) {
    const due = started + (sent * 1000) / rate;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const begun = performance.now();
    requests.push(
      fetch(`${server.url}/productos/todos`, {
        headers: { cookie },
        signal: AbortSignal.timeout(30_000),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status === 200) served.push(performance.now() - begun);
          else if (response.status === 503) {
            shed += 1;
            retryAfter &&= response.headers.get("Retry-After") !== null;
          } else other += 1;
        },
        () => void (other += 1),
      ),
    );
  }
  await Promise.all(requests);
  served.sort((a, b) => a - b);
  return {
    sent: requests.length,
    served: served.length,
    shed,
    retryAfter,
    errorsAndTimeouts: other,
    p99Ms: Math.round(percentile(served, 99)),
    rssMb: rss.stop(),
  };
}

it("at twice the sustained load it sheds with 503 instead of queueing into timeouts", async () => {
  const cookie = await visitorCookie(shedding);
  const load = (connections: number, durationSeconds: number) =>
    runLoad({
      url: `${shedding.url}/productos/todos`,
      connections,
      durationSeconds,
      headers: { cookie },
    });
  // Warm up, then the rate it sustains: as many clients as it handles at once.
  await load(4, 2);
  const rss = watchRss(shedding.process.pid!);
  const sustained = await load(REQUEST_LIMITS.concurrentRequests, SECONDS);
  const rssSustained = rss.stop();
  const twice = Math.round(sustained.requestsPerSecond * 2);
  // The backlog grows by the sustained rate each second: long enough for it to fill the
  // in-flight limit and then outwait the queue, however slow the machine is (a minute at most).
  const seconds = Math.min(
    60,
    Math.max(
      SECONDS,
      Math.ceil((2 * REQUEST_LIMITS.concurrentRequests) / sustained.requestsPerSecond),
    ),
  );
  const shed = await overload(shedding, cookie, twice, seconds);
  // The same overload on a shop that queues everything.
  const queued = await overload(unlimited, await visitorCookie(unlimited), twice, seconds);

  const shedShare = shed.shed / shed.sent;
  reportFigures("load-shed", {
    seconds,
    sustainedRps: sustained.requestsPerSecond,
    sustainedP99Ms: sustained.p99Ms,
    offeredRps: twice,
    shedShare: Math.round(shedShare * 1000) / 1000,
    servedRps: Math.round((shed.served / seconds) * 10) / 10,
    servedP99Ms: shed.p99Ms,
    errorsAndTimeouts: shed.errorsAndTimeouts,
    peakRssMb: { sustained: rssSustained, overload: shed.rssMb },
    withoutShedding: {
      served: queued.served,
      p99Ms: queued.p99Ms,
      errorsAndTimeouts: queued.errorsAndTimeouts,
      peakRssMb: queued.rssMb,
    },
  });
  expect(sustained.shed).toBe(0);
  expect(shed.shed).toBeGreaterThan(0);
  expect(shed.retryAfter).toBe(true);
  // Every request is either served or shed: nothing left to time out.
  expect(shed.errorsAndTimeouts).toBe(0);
  expect(shed.served + shed.shed).toBe(shed.sent);
  // What it serves waits at most the queue's wait (REQUEST_LIMITS.queueWaitMs) before a turn
  // like the sustained load's (doubled: the shared test machine's timing varies that much).
  expect(shed.p99Ms).toBeLessThan(2 * sustained.p99Ms + REQUEST_LIMITS.queueWaitMs);
  // Memory stays bounded: the overload adds little to the sustained peak.
  expect(shed.rssMb - rssSustained).toBeLessThan(100);
});
