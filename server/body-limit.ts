/**
 * Request bodies are bounded before any route sees them. A body announced larger than its cap
 * (Content-Length) is refused with 413 without reading a byte of it; a chunked body is counted
 * as it arrives and refused the moment it passes the cap, so a 100 MB POST never sits in
 * memory. Ordinary bodies (≤ 64 KB) are read here and checked for text PostgreSQL cannot store
 * (server/hostile-input.ts); the few routes that stream their own body (image uploads, Stripe's
 * webhook) only get the Content-Length check and keep reading under their own cap.
 */
import type { Request, RequestHandler } from "express";
import { REQUEST_LIMITS } from "~/lib/constants";
import { bodyIsStorable, UNSTORABLE_INPUT_MESSAGE } from "./hostile-input";
import { refuse } from "./refusal";

export interface BodyPolicy {
  maxBytes: number;
  /** The route reads the stream itself (under its own cap); the body is not buffered here. */
  streamed?: boolean;
  /** The Spanish 413 message (the upload's own, for the image field's JSON). */
  tooLargeMessage?: string;
  /** The route answers JSON `{ message }` whatever the request accepts (the upload). */
  json?: boolean;
}

/** The buffered body of a request, for server/request-handler.ts. */
export const BODY = Symbol("body");
type WithBody = Request & { [BODY]?: Buffer };

export const bufferedBody = (req: Request): Buffer | undefined => (req as WithBody)[BODY];

export const TOO_LARGE_MESSAGE =
  "El formulario enviado es demasiado grande. Acorta los textos e inténtalo de nuevo.";

function tooLarge(req: Request, res: Parameters<RequestHandler>[1], policy: BodyPolicy) {
  refuse(req, res, 413, policy.tooLargeMessage ?? TOO_LARGE_MESSAGE, { json: policy.json });
  // Closing at once would reset a client that is still sending, and it would never read the
  // answer: the rest of the body is discarded as it arrives (never kept) and a client still
  // sending after a few seconds loses the connection.
  req.resume();
  if (req.complete) return;
  const timer = setTimeout(() => req.socket.destroy(), REQUEST_LIMITS.refusedBodyLingerMs);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
}

export function bodyLimit(policyFor: (req: Request) => BodyPolicy): RequestHandler {
  return (req, res, next) => {
    const policy = policyFor(req);
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > policy.maxBytes) {
      tooLarge(req, res, policy);
      return;
    }
    const hasBody =
      declared !== undefined ? Number(declared) > 0 : "transfer-encoding" in req.headers;
    // GET and HEAD bodies are never read by the app (Node discards them).
    if (!hasBody || req.method === "GET" || req.method === "HEAD" || policy.streamed) {
      return next();
    }

    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const finish = () => {
      done = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > policy.maxBytes) {
        finish();
        chunks.length = 0;
        tooLarge(req, res, policy);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (done) return;
      finish();
      const body = Buffer.concat(chunks);
      (req as WithBody)[BODY] = body;
      bodyIsStorable(body, req.headers["content-type"] ?? "").then((storable) => {
        if (storable) next();
        else refuse(req, res, 400, UNSTORABLE_INPUT_MESSAGE);
      }, next);
    };
    // A client that goes away mid-body: nothing to answer.
    const onError = () => finish();
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}
