/** One bounded autocannon load against a URL, with latency percentiles from every response. */
import autocannon from "autocannon";
import { percentile } from "./percentile";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers outside 2xx/3xx. */
  badStatuses: number;
  /** 503 answers (load shedding, ADR 0032). */
  shed: number;
  /** The 99th percentile of the answers in 2xx/3xx only (a shed answer is quick). */
  acceptedP99Ms: number;
  /** Mean response size (headers + body) in bytes. */
  bytesPerResponse: number;
}

export { percentile };

const urlPath = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

export async function runLoad(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /**
   * Paths each connection asks for in turn after the URL's own (a signed-in customer's page,
   * then its personal data: what a browser does).
   */
  thenPaths?: string[];
  /** Requests per second across all connections (unset: as fast as answers come). */
  overallRate?: number;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const accepted: number[] = [];
  let shed = 0;
  let badStatuses = 0;
  let bytes = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        headers: options.headers,
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        ...(options.thenPaths?.length
          ? {
              requests: [urlPath(options.url), ...options.thenPaths].map((path) => ({
                method: "GET" as const,
                path,
              })),
            }
          : {}),
      },
      (error, finished) => (error ? reject(error as Error) : resolve(finished)),
    );
    instance.on("response", (_client, statusCode, responseBytes, ms) => {
      latencies.push(ms);
      bytes += responseBytes;
      if (statusCode < 200 || statusCode >= 400) badStatuses += 1;
      else accepted.push(ms);
      if (statusCode === 503) shed += 1;
    });
  });
  latencies.sort((a, b) => a - b);
  accepted.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requestsPerSecond: round(latencies.length / options.durationSeconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    errors: result.errors + result.timeouts,
    badStatuses,
    shed,
    acceptedP99Ms: round(percentile(accepted, 99)),
    bytesPerResponse: latencies.length ? Math.round(bytes / latencies.length) : 0,
  };
}
