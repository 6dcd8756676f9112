import type { ErrorRequestHandler } from "express";
import { log } from "~/lib/log.server";
import { refuse } from "./refusal";

/**
 * Last resort (an error outside React Router, e.g. a broken build): one log line with the
 * request id, and a Spanish page that shows the same id as "Código de referencia". A path the
 * static handlers refuse (`/uploads/../x`, a NUL) or a missing upload is a 404, not an error.
 */
export function lastResortErrorHandler(): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500 && !res.headersSent) {
      refuse(req, res, 404, "La página que buscas no existe o fue movida.");
      return;
    }
    log("error", "unhandled error", {
      requestId: res.locals.requestId,
      method: req.method,
      path: req.path,
      error,
    });
    if (res.headersSent) return next(error);
    refuse(req, res, 500, "Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.");
  };
}
