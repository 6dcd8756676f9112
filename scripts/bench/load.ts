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
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let badStatuses = 0;
  let bytes = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        headers: options.headers,
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
    });
  });
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requestsPerSecond: round(latencies.length / options.durationSeconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    errors: result.errors + result.timeouts,
    badStatuses,
    bytesPerResponse: latencies.length ? Math.round(bytes / latencies.length) : 0,
  };
}
