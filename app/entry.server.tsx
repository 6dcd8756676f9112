import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { CACHE } from "~/lib/cache";
import { requestInfoContext } from "~/lib/context";
import { NonceContext } from "~/lib/nonce";
import { serverTimingHeader } from "~/lib/request-scope.server";

export const streamTimeout = 5_000;

/** Same rule for client-side navigations' data responses. */
export function handleDataRequest(response: Response) {
  if (response.headers.has("Set-Cookie"))
    response.headers.set("Cache-Control", CACHE.privateNoStore);
  const timing = serverTimingHeader();
  if (timing) response.headers.set("Server-Timing", timing);
  return response;
}

/**
 * The document's React tree. Also used by `npm run bench`'s render baseline, so the baseline
 * renders exactly what the shop renders.
 */
export function documentTree(routerContext: EntryContext, url: string, nonce: string) {
  return (
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={url} nonce={nonce} />
    </NonceContext.Provider>
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const renderStartedAt = performance.now();
  const nonce = loadContext.get(requestInfoContext).nonce;
  // A response that sets a cookie (session, toast) is personal: never let a shared cache keep it.
  if (responseHeaders.has("Set-Cookie")) responseHeaders.set("Cache-Control", CACHE.privateNoStore);
  return new Promise<Response>((resolve, reject) => {
    // No route streams deferred data (every loader awaits its data), so the first flush would
    // already hold the whole page: render it completely into memory and send one body. This
    // skips the per-chunk Node-stream to web-stream bridge, and the render's memory is free as
    // soon as the page is sent instead of when the abort timer fires.
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const timing = serverTimingHeader(renderStartedAt);
        if (timing) responseHeaders.set("Server-Timing", timing);
        resolve(
          new Response(Buffer.concat(chunks), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        callback();
      },
    });
    let shellRendered = false;
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      documentTree(routerContext, request.url, nonce),
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(abortTimer);
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach onShellError, and React Router logs those.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
