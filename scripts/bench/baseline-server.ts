/**
 * The two baselines `npm run bench` compares the shop with, each a bare `node:http` server:
 *
 *   html   answers every page with the exact HTML bytes the shop served for it (what Node
 *          itself can serve on this machine);
 *   react  renders the shop's own document tree (entry.server's documentTree) for the same URL
 *          with the same loader data using `renderToString` (what React itself can render here).
 *          The loader data is captured once per page by running the real app against the bench
 *          database; no database is touched while the baseline is under load.
 *
 *   tsx scripts/bench/baseline-server.ts html|react PAGES_JSON PORT
 *
 * PAGES_JSON: [{ path, cookie?, html, contentType? }]. A request with a Cookie header gets the
 * signed-in page. An entry with a contentType (the account's JSON) is sent as is by both.
 * Prints {"msg":"listening"} when ready.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import express from "express";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext, ServerBuild } from "react-router";

export interface BaselinePage {
  path: string;
  cookie?: string;
  html: string;
  /** Not a page: its bytes as they are, in both modes. */
  contentType?: string;
}

const [mode, pagesFile, portArgument] = process.argv.slice(2);
const pages = JSON.parse(fs.readFileSync(pagesFile!, "utf8")) as BaselinePage[];
const keyOf = (pagePath: string, signedIn: boolean) =>
  `${signedIn ? "customer" : "anonymous"} ${pagePath}`;

type Render = (url: string) => string;
const handlers = new Map<string, Render>();

const contentTypes = new Map<string, string>();
for (const page of pages) {
  const key = keyOf(page.path, Boolean(page.cookie));
  if (page.contentType) contentTypes.set(key, page.contentType);
  if (mode === "html" || page.contentType) {
    const html = page.html;
    handlers.set(key, () => html);
  }
}
if (mode === "react") {
  for (const [key, render] of await captureReactRenderers()) handlers.set(key, render);
} else if (mode !== "html") {
  throw new Error(`Unknown baseline mode: ${mode}`);
}

const server = http.createServer((request, response) => {
  const key = keyOf(request.url ?? "/", Boolean(request.headers.cookie));
  const render = handlers.get(key);
  if (!render) {
    response.writeHead(404).end();
    return;
  }
  const body = render(`http://${request.headers.host}${request.url}`);
  response.writeHead(200, {
    "Content-Type": contentTypes.get(key) ?? "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(Number(portArgument), "127.0.0.1", () => console.log('{"msg":"listening"}'));
process.on("SIGTERM", () => process.exit(0));

/**
 * Runs the built app once per page with a patched entry that keeps React Router's EntryContext
 * (matches, loader data, manifest) instead of rendering, then renders that context on demand.
 */
async function captureReactRenderers(): Promise<Map<string, Render>> {
  interface AppBundle {
    createApp(): Promise<{ app: express.Router; close(): Promise<void> }>;
    loadServerBuild(): Promise<ServerBuild>;
  }
  const bundle = (await import(path.resolve("build/server/index.js"))) as AppBundle;
  const { app } = await bundle.createApp();
  const build = await bundle.loadServerBuild();
  const entry = build.entry.module as ServerBuild["entry"]["module"] & {
    documentTree(context: EntryContext, url: string, nonce: string): ReactElement;
  };

  let captured: EntryContext | undefined;
  (build.entry as { module: unknown }).module = {
    ...entry,
    default(_request: Request, status: number, _headers: Headers, context: EntryContext) {
      captured = context;
      return new Response(null, { status });
    },
  };

  const host = express();
  host.set("trust proxy", 1);
  host.use(app);
  const captureServer = http.createServer(host);
  await new Promise<void>((resolve) => captureServer.listen(0, "127.0.0.1", resolve));
  const { port } = captureServer.address() as { port: number };

  const renderers = new Map<string, Render>();
  for (const page of pages.filter((p) => !p.contentType)) {
    captured = undefined;
    const response = await fetch(`http://127.0.0.1:${port}${page.path}`, {
      headers: page.cookie ? { Cookie: page.cookie } : {},
      redirect: "manual",
    });
    await response.arrayBuffer();
    const context = captured as EntryContext | undefined;
    if (!context)
      throw new Error(`No render captured for ${page.path} (status ${response.status})`);
    // The loader data React Router streams into the page, read once; appended like its
    // StreamTransfer does, so the baseline's bytes match the shop's.
    const handoff = context.serverHandoffStream
      ? await new Response(context.serverHandoffStream).text()
      : "";
    const fixed: EntryContext = { ...context, serverHandoffStream: undefined };
    const handoffScript = (nonce: string) =>
      handoff
        ? `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${JSON.stringify(
            handoff,
          ).replaceAll(
            "<",
            "\\u003c",
          )});window.__reactRouterContext.streamController.close();</script>`
        : "";
    renderers.set(keyOf(page.path, Boolean(page.cookie)), (url) => {
      const nonce = crypto.randomBytes(16).toString("base64");
      return (
        "<!DOCTYPE html>" +
        renderToString(entry.documentTree(fixed, url, nonce)) +
        handoffScript(nonce)
      );
    });
  }
  captureServer.close();
  return renderers;
}
