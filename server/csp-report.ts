/**
 * Where browsers report Content-Security-Policy violations (`report-uri`, and `report-to`
 * through the Reporting-Endpoints header): each violation is one log line, without the query
 * values of the blocked or reporting address. Answers 204 whatever it gets; a client sending
 * more than a few reports a minute is answered but no longer logged, so the endpoint cannot
 * flood the log.
 */
import type { RequestHandler } from "express";
import { REQUEST_LIMITS } from "~/lib/constants";
import { log } from "~/lib/log.server";
import { bufferedBody } from "./body-limit";

export const CSP_REPORT_PATH = "/csp-informe";

/** Violations read from one report body at most (a batch of report-to reports). */
const MAX_VIOLATIONS_PER_BODY = 10;
/** Client addresses tracked at once; the oldest window is forgotten first. */
const MAX_TRACKED_CLIENTS = 10_000;

/** A reported address as origin and path (no query, no fragment), or a keyword ("inline"). */
function withoutQuery(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "data:" || url.protocol === "blob:"
      ? url.protocol
      : `${url.origin}${url.pathname}`;
  } catch {
    return value.slice(0, 40);
  }
}

const text = (value: unknown, max = 100) =>
  typeof value === "string" ? value.slice(0, max) : undefined;
const number = (value: unknown) => (typeof value === "number" ? value : undefined);

/** The fields of one violation, from either format (CSP2 `csp-report` or Reporting API). */
function violationFields(report: Record<string, unknown>) {
  const kebab = (name: string) => report[name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)];
  const field = (name: string) => report[name] ?? kebab(name);
  return {
    document: withoutQuery(field("documentURL") ?? field("documentUri")),
    blocked: withoutQuery(field("blockedURL") ?? field("blockedUri")),
    directive: text(field("effectiveDirective") ?? field("violatedDirective")),
    disposition: text(field("disposition")),
    source: withoutQuery(field("sourceFile")),
    line: number(field("lineNumber")),
    column: number(field("columnNumber")),
    status: number(field("statusCode")),
  };
}

function violationsOf(body: unknown): Record<string, unknown>[] {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value);
  // report-uri: { "csp-report": { … } }
  if (isObject(body) && isObject(body["csp-report"])) return [body["csp-report"]];
  // report-to: [{ type: "csp-violation", url, body: { … } }, …]
  if (Array.isArray(body)) {
    return body
      .filter((report) => isObject(report) && report.type === "csp-violation")
      .map((report) => (report as { body?: unknown }).body)
      .filter(isObject);
  }
  return [];
}

export function cspReportHandler(): RequestHandler {
  const windows = new Map<string, { start: number; count: number }>();
  const { limit, windowMs } = REQUEST_LIMITS.cspReportsPerClient;
  /** Whether another line from this client fits in its window. */
  const allowed = (client: string, now: number) => {
    let window = windows.get(client);
    if (!window || now - window.start >= windowMs) {
      windows.delete(client);
      if (windows.size >= MAX_TRACKED_CLIENTS) windows.delete(windows.keys().next().value!);
      window = { start: now, count: 0 };
      windows.set(client, window);
    }
    window.count++;
    return window.count <= limit;
  };

  return (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (req.method !== "POST") {
      res.status(405).setHeader("Allow", "POST").type("text/plain; charset=utf-8");
      res.send("Método no permitido.\n");
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(bufferedBody(req)?.toString("utf8") ?? "");
    } catch {
      body = undefined;
    }
    const client = req.ip ?? "unknown";
    const now = Date.now();
    for (const violation of violationsOf(body).slice(0, MAX_VIOLATIONS_PER_BODY)) {
      if (!allowed(client, now)) break;
      log("warn", "csp violation", {
        requestId: res.locals.requestId,
        ip: client,
        ...violationFields(violation),
      });
    }
    res.status(204).end();
  };
}
