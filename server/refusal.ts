import type { Request, Response } from "express";
import { log } from "~/lib/log.server";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const TITLES: Record<number, string> = {
  400: "Solicitud no válida",
  404: "Página no encontrada",
  413: "Envío demasiado grande",
  500: "Algo salió mal",
  503: "Tienda saturada",
};

/**
 * A Spanish page for a request the server answers itself, before React Router: a plain HTML
 * document for a browser (a form posted without JavaScript lands on it), JSON `{ message }` for
 * a script that asks for JSON, text otherwise. Carries the request id, so that support can find
 * the log line of the visitor's "Código de referencia".
 */
export function refusalBody(status: number, message: string, requestId: string): string {
  return (
    `<!doctype html><html lang="es"><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(TITLES[status] ?? "Error")} · Tienda</title>` +
    `<h1>${escapeHtml(TITLES[status] ?? "Error")}</h1><p>${escapeHtml(message)}</p>` +
    `<p>Código de referencia: <code>${escapeHtml(requestId)}</code></p>` +
    `<p><a href="/">Volver al inicio</a></p></html>`
  );
}

export function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  { json = false }: { json?: boolean } = {},
): void {
  const requestId = String(res.locals.requestId ?? "");
  // Every refusal is traceable (the path only: a query string may carry tokens).
  log("warn", "request refused", {
    requestId,
    method: req.method,
    path: req.path,
    status,
    message,
  });
  res.status(status).setHeader("Cache-Control", "no-store");
  const preferred = json ? "json" : req.accepts(["html", "json", "text"]);
  if (preferred === "json") res.json({ message, requestId });
  else if (preferred === "text") res.type("text/plain; charset=utf-8").send(`${message}\n`);
  else res.type("html").send(refusalBody(status, message, requestId));
}
