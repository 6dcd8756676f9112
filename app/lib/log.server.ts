/**
 * The server's log: one JSON object per line (pino), errors on stderr and the rest on stdout,
 * for any log collector. Every field goes through {@link redact} first, so that whatever a
 * caller passes, no password, token, cookie, authorization header, secret, query-string value
 * or SQL parameter is ever written (ADR 0023).
 */
import pino from "pino";

type Level = "info" | "warn" | "error";

/** Field names whose values are never written, at any depth. */
const SENSITIVE_KEY =
  /pass(word|wd|phrase)?$|^pwd$|token|secret|cookie|authori[sz]ation|api[-_]?key|signature|credential|^otp$|totp|^code_?verifier$/i;
/** `name=value` inside a string, where the name says the value is secret. */
const SENSITIVE_PAIR =
  /\b([\w.-]*(?:token|secret|password|passwd|cookie|signature|api[-_]?key)[\w.-]*)(\s*[=:]\s*)("[^"]*"|[^;&,\s"]+)/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w~+/.=-]+/gi;
/** A URL or path followed by a query string: the names stay, the values go. */
const URL_QUERY = /((?:[a-z][a-z0-9+.-]*:\/\/[^\s?#"']*|(?<![\w])\/[^\s?#"']*)\?)([^\s#"']*)/gi;
/** Drizzle's "Failed query: <sql>\nparams: <values>": the values are user input. */
const SQL_PARAMS = /(^|\n)params: [\s\S]*?(?=\n\s+at |$)/g;
const REDACTED = "[redacted]";
const MAX_DEPTH = 6;
const MAX_STRING = 4000;

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const index = pair.indexOf("=");
      return index === -1 ? pair : `${pair.slice(0, index)}=${REDACTED}`;
    })
    .join("&");
}

/** A string with secrets, query values and SQL parameters taken out. */
export function redactText(text: string): string {
  const clean = text
    .replace(SQL_PARAMS, `$1params: ${REDACTED}`)
    .replace(URL_QUERY, (_match, before: string, query: string) => before + redactQuery(query))
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(SENSITIVE_PAIR, `$1$2${REDACTED}`);
  return clean.length > MAX_STRING ? `${clean.slice(0, MAX_STRING)}…` : clean;
}

/** An error as fields: its kind, message, SQLSTATE and stack, redacted; the cause likewise. */
function errorFields(error: Error, depth: number): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: redactText(error.message),
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    ...(error.stack ? { stack: redactText(error.stack) } : {}),
    ...(error.cause !== undefined && depth < MAX_DEPTH
      ? { cause: redactValue(error.cause, depth + 1) }
      : {}),
  };
}

/** Any value, ready to be written: sensitive fields and text removed, depth bounded. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") {
    return typeof value === "bigint" ? value.toString() : value;
  }
  if (depth >= MAX_DEPTH) return "[…]";
  if (value instanceof Error) return errorFields(value, depth);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof URL) return redactText(value.href);
  if (value instanceof Headers) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SENSITIVE_KEY.test(key) ? REDACTED : redactValue(item, depth + 1);
  }
  return out;
}

/** Fields of one log line (exported for tests). */
export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return redactValue(fields) as Record<string, unknown>;
}

function createLogger(): pino.Logger {
  const options: pino.LoggerOptions = {
    base: undefined,
    messageKey: "msg",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  // The process's own streams: synchronous for files and pipes on Linux (a line is out before
  // the process exits after a failed start or a crash), and what a test can listen to.
  return pino(
    options,
    pino.multistream(
      [
        { level: "info", stream: process.stdout },
        { level: "error", stream: process.stderr },
      ],
      { dedupe: true },
    ),
  );
}

let logger: pino.Logger | undefined;

/** One JSON line: `{"level","time",…fields,"msg"}`, every field redacted. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  logger ??= createLogger();
  logger[level](redact(fields), redactText(msg));
}
