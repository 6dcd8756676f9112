import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { RequestIdContext } from "~/components/layout/error-reference";
import { CACHE } from "~/lib/cache";
import { requestInfoContext } from "~/lib/context";
import { log } from "~/lib/log.server";
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
export function documentTree(
  routerContext: EntryContext,
  url: string,
  nonce: string,
  requestId = "",
) {
  return (
    <NonceContext.Provider value={nonce}>
      <RequestIdContext.Provider value={requestId}>
        <ServerRouter context={routerContext} url={url} nonce={nonce} />
      </RequestIdContext.Provider>
    </NonceContext.Provider>
  );
}

/** The request id Express gave this request (absent only outside the Express host). */
function requestIdOf(context: RouterContextProvider | undefined): string | undefined {
  try {
    return context?.get(requestInfoContext).requestId;
  } catch {
    return undefined;
  }
}

/**
 * Errors of loaders, actions and renders: one redacted log line with the request id the error
 * page shows the visitor ("Código de referencia"), instead of React Router's multi-line dump
 * (which carried Drizzle's SQL parameters). A request the visitor abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const fields = {
    requestId: requestIdOf(context as RouterContextProvider | undefined),
    method: request.method,
    path: new URL(request.url).pathname,
  };
  // A 4xx React Router made itself (no action for a POST, a route that does not exist).
  if (isRouteErrorResponse(error) && error.status < 500) {
    log("info", "request refused by the router", { ...fields, status: error.status });
    return;
  }
  log("error", "unhandled error", {
    ...fields,
    // ErrorResponseImpl keeps the underlying Error in `error` (not in the public type).
    error: isRouteErrorResponse(error)
      ? ((error as { error?: unknown }).error ?? `${error.status}`)
      : error,
  });
};

/**
 * Renders take turns, one per event-loop iteration. A render is one synchronous block of
 * 2–10 ms; when many requests' data arrive together, React would otherwise render them all
 * back to back in one iteration, and timers, database replies and new connections wait for
 * the whole batch (hundreds of ms under load). Waiting for the next iteration between renders
 * keeps that wait to about one render without changing the order or the total work.
 */
let lastRenderTurn: Promise<void> = Promise.resolve();
function nextRenderTurn(): Promise<void> {
  const turn = lastRenderTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  lastRenderTurn = turn;
  return turn;
}

/** React Router's escaping for data inlined into a script (its StreamTransfer's escapeHtml). */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const escapeForScript = (text: string) =>
  text.replace(/[&><\u2028\u2029]/g, (match) => SCRIPT_ESCAPES[match]!);

const DOCUMENT_END = "</body></html>";

/**
 * The page rendered in one synchronous pass with `renderToString`, or null when the page needs
 * the streaming renderer (something in it suspended).
 *
 * React Router hands the loader data to the browser through a stream that its
 * `<ServerRouter>` reads chunk by chunk inside Suspense boundaries, which only the streaming
 * renderer can wait for. Reading that stream first and appending its scripts the way
 * StreamTransfer writes them gives the same document in ~40 % less render time (ADR 0018):
 * no per-chunk byte copying and no Suspense boundary per data chunk. The shop's loaders defer
 * nothing; a page that did would now wait for all its data before its first byte.
 */
function renderInOnePass(
  routerContext: EntryContext,
  handoff: string,
  url: string,
  nonce: string,
  requestId: string,
): string | null {
  const context: EntryContext = { ...routerContext, serverHandoffStream: undefined };
  let html = "<!DOCTYPE html>" + renderToString(documentTree(context, url, nonce, requestId));
  // A boundary that suspended (or failed) was left for the client to render: stream instead.
  if (html.includes("<!--$!")) return null;
  if (context.renderMeta?.didRenderScripts) {
    const scripts =
      `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${escapeForScript(JSON.stringify(handoff))});</script>` +
      `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`;
    html = html.endsWith(DOCUMENT_END)
      ? html.slice(0, -DOCUMENT_END.length) + scripts + DOCUMENT_END
      : html + scripts;
  }
  return html;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  await nextRenderTurn();
  const renderStartedAt = performance.now();
  const { nonce, requestId } = loadContext.get(requestInfoContext);
  // A response that sets a cookie (session, toast) is personal: never let a shared cache keep it.
  if (responseHeaders.has("Set-Cookie")) responseHeaders.set("Cache-Control", CACHE.privateNoStore);
  const respond = (body: BodyInit) => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const timing = serverTimingHeader(renderStartedAt);
    if (timing) responseHeaders.set("Server-Timing", timing);
    return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  };
  if (routerContext.serverHandoffStream) {
    const handoff = await new Response(routerContext.serverHandoffStream).text();
    const html = renderInOnePass(routerContext, handoff, request.url, nonce, requestId);
    if (html !== null) return respond(Buffer.from(html));
    // The streaming renderer reads the same data again.
    routerContext = { ...routerContext, serverHandoffStream: new Response(handoff).body! };
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let allReady = false;
    let streaming = false;
    let failed = false;
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      documentTree(routerContext, request.url, nonce, requestId),
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          // When nothing is deferred React finishes the whole page in this same pass and
          // onAllReady has run by the next turn: then the page goes out as one buffer (no
          // per-chunk stream bridge, ~10% of the CPU of a list page). A page still waiting for
          // deferred data streams its shell now and the rest as it resolves.
          setImmediate(() => {
            if (allReady || failed) return;
            streaming = true;
            const body = new PassThrough();
            resolve(respond(createReadableStreamFromReadable(body)));
            pipe(body);
          });
        },
        onAllReady() {
          allReady = true;
          // The timer would otherwise keep the whole render alive for six more seconds.
          clearTimeout(abortTimer);
          if (streaming || failed) return;
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              resolve(respond(Buffer.concat(chunks)));
              callback();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          failed = true;
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach onShellError, and React Router logs those.
          if (shellRendered) {
            log("error", "render failed", {
              requestId,
              path: new URL(request.url).pathname,
              error,
            });
          }
        },
      },
    );
  });
}
