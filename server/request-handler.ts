/**
 * React Router on Express: @react-router/express's adapter, except that the request's body is
 * the one server/body-limit.ts already read and checked (the adapter can only read the Node
 * stream, which is consumed by then). Streamed routes (uploads, webhook) still get the stream.
 */
import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type express from "express";
import {
  createRequestHandler as createReactRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { bufferedBody } from "./body-limit";

function toHeaders(requestHeaders: express.Request["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function toRequest(req: express.Request, res: express.Response): Request {
  // As the adapter: X-Forwarded-Host's port only when the proxy is trusted.
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [Number.parseInt(forwardedPort ?? "", 10), Number.parseInt(hostPort ?? "", 10)].find(
    (value) => Number.isSafeInteger(value),
  );
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: toHeaders(req.headers),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = bufferedBody(req);
    if (body) {
      init.body = new Uint8Array(body);
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

async function send(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

export function createRequestHandler({
  build,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
}): express.RequestHandler {
  const handle = createReactRouterHandler(build, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      const response = await handle(toRequest(req, res), getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
