import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
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
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode need the whole document; browsers get the shell as soon as it is ready.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      documentTree(routerContext, request.url, nonce),
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const timing = serverTimingHeader(renderStartedAt);
          if (timing) responseHeaders.set("Server-Timing", timing);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
