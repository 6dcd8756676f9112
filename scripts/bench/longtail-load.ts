/**
 * Sends the long-tail load: `connections` keep-alive connections, each asking for the next URL
 * of a stream as soon as its previous answer has arrived, for `durationSeconds`. Unlike
 * autocannon it keeps each answer's status and `Server-Timing`, which the long-tail report
 * needs per URL (page-cache hits, database and render time of the slowest).
 */
import http from "node:http";
import { parseServerTiming, type Sample, type UrlKind } from "./longtail";

export interface UrlLoadOptions {
  origin: string;
  next: () => { path: string; kind?: UrlKind };
  connections: number;
  /** Stop after this long, or after `requests` answers, whichever comes first. */
  durationSeconds?: number;
  requests?: number;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

function get(
  agent: http.Agent,
  origin: URL,
  path: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Omit<Sample, "kind">> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      { host: origin.hostname, port: origin.port, path, agent, headers, timeout: timeoutMs },
      (response) => {
        response.on("data", () => {});
        response.on("end", () =>
          resolve({
            path,
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            timing: parseServerTiming(String(response.headers["server-timing"] ?? "")),
          }),
        );
        response.on("error", (error) => fail(error.message));
      },
    );
    const fail = (message: string) =>
      resolve({
        path,
        status: 0,
        ms: performance.now() - started,
        error: message,
        timing: parseServerTiming(""),
      });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error) => fail(error.message));
  });
}

export async function runUrlLoad(options: UrlLoadOptions) {
  const origin = new URL(options.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const samples: Sample[] = [];
  const started = performance.now();
  const deadline = started + (options.durationSeconds ?? Number.POSITIVE_INFINITY) * 1000;
  const limit = options.requests ?? Number.POSITIVE_INFINITY;
  let sent = 0;
  const worker = async () => {
    while (performance.now() < deadline && sent < limit) {
      sent += 1;
      const { path, kind } = options.next();
      const sample = await get(
        agent,
        origin,
        path,
        options.headers ?? {},
        options.timeoutMs ?? 30_000,
      );
      // An answer that ends after the deadline still counts; none is sent after it.
      samples.push({ ...sample, kind });
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  agent.destroy();
  return { samples, seconds: (performance.now() - started) / 1000 };
}
