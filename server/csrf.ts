import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site mutations (DESIGN §5): a browser always sends Sec-Fetch-Site and/or
 * Origin with a POST, so a request whose headers name another site is rejected before it
 * reaches any action. Requests with neither header do not come from a browser and carry no
 * ambient credentials an attacker could borrow. SameSite=Lax cookies are the second layer.
 */
export function crossSiteRequestGuard(
  baseUrl: string,
  { exemptPaths = [] }: { exemptPaths?: string[] } = {},
): RequestHandler {
  const allowedOrigin = new URL(baseUrl).origin;
  const exempt = new Set(exemptPaths);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // Endpoints authorised by a signed token in their URL (no cookie is used there). Their
    // Origin header is dropped too, or React Router's own origin check would refuse the action.
    if (exempt.has(req.path)) {
      delete req.headers.origin;
      return next();
    }
    const fetchSite = req.get("Sec-Fetch-Site");
    const origin = req.get("Origin");
    const sameHostOrigin = `${req.protocol}://${req.get("Host") ?? ""}`;
    const crossSite =
      (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") ||
      (origin !== undefined && origin !== allowedOrigin && origin !== sameHostOrigin);
    if (crossSite) {
      res
        .status(403)
        .type("text/plain; charset=utf-8")
        .send("Solicitud rechazada: el formulario no se envió desde esta tienda.");
      return;
    }
    next();
  };
}
