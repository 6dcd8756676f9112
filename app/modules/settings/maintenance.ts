/**
 * Maintenance mode, browser-safe part: which addresses stay open, and the data the maintenance
 * page is rendered from (thrown by the root middleware as a 503 route error).
 */

/** The settings page (kept here, zod-free, for the banner every page an admin sees loads). */
export const SETTINGS_PATH = "/admin/configuracion";

/**
 * Open to everyone during maintenance: signing in and out, and the password reset (an admin
 * must be able to come in),
 * the admin area (its own guard sends visitors to /login), the health checks, the payment
 * webhook (payments already under way must complete), robots.txt and the auth API prefix.
 * Static files and uploads never reach the router.
 */
const OPEN_PATHS = new Set([
  "/login",
  "/logout",
  "/recuperar-contrasena",
  "/restablecer-contrasena",
  "/healthz",
  "/readyz",
  "/pagos/webhook",
  "/robots.txt",
]);
const OPEN_PREFIXES = ["/admin/", "/api/"];

/** The page a request is for: React Router's data requests add ".data" ("/_root.data" is "/"). */
export function pagePath(pathname: string): string {
  let path = pathname;
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path === "/_root") return "/";
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

export function isOpenDuringMaintenance(pathname: string): boolean {
  const path = pagePath(pathname);
  return path === "/admin" || OPEN_PATHS.has(path) || OPEN_PREFIXES.some((p) => path.startsWith(p));
}

/** What the maintenance page shows (the route error's data). */
export interface MaintenanceInfo {
  maintenance: true;
  siteName: string;
  logoSrc: string | null;
  contactEmail: string | null;
}

export function isMaintenanceInfo(value: unknown): value is MaintenanceInfo {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { maintenance?: unknown }).maintenance === true
  );
}
