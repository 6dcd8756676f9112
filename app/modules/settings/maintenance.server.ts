import { createContext, data, type MiddlewareFunction } from "react-router";
import { CACHE } from "~/lib/cache";
import { LIMITS } from "~/lib/constants";
import { userContext } from "~/lib/context";
import { logoSrc } from "~/lib/logo";
import { isOpenDuringMaintenance, pagePath, type MaintenanceInfo } from "./maintenance";
import { getSiteSettingsForPage } from "./site-settings.server";

/** Set when this request is to get the maintenance page (read by `maintenanceGate`). */
const closedContext = createContext<MaintenanceInfo | null>(null);

/**
 * Resource routes answered without the React tree (a form post to the cart, favourites,
 * newsletter; the data export): they get the maintenance page as plain HTML.
 */
const RESOURCE_PATHS = new Set(["/carrito", "/favoritos", "/newsletter", "/perfil/mis-datos"]);

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function plainMaintenancePage(info: MaintenanceInfo) {
  const name = escapeHtml(info.siteName);
  return (
    `<!doctype html><html lang="es"><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>En mantenimiento · ${name}</title>` +
    `<main style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a">` +
    `<h1>Estamos en mantenimiento</h1>` +
    `<p>${name} está haciendo mejoras y volverá a estar disponible en breve. Gracias por tu paciencia.</p>` +
    `<p><a href="/" style="color:#1d4ed8">Volver a intentarlo</a></p></main></html>`
  );
}

function closedHeaders(headers: Headers) {
  headers.set("Retry-After", String(LIMITS.maintenanceRetryAfterSeconds));
  headers.set("Cache-Control", CACHE.privateNoStore);
}

/**
 * Root middleware (after the session's): while maintenance mode is on, visitors and customers
 * get the maintenance page — status 503, `Retry-After`, never stored by any cache — on every
 * address except the few that must stay open (maintenance.ts). Admins browse as usual (the
 * root loader tells their pages to show a banner). Loaders and actions of a closed request
 * never run: `maintenanceGate` throws before them and the root error boundary renders the page.
 */
export const maintenanceMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const url = new URL(request.url);
  if (isOpenDuringMaintenance(url.pathname)) return next();
  const settings = await getSiteSettingsForPage();
  if (!settings.maintenance.enabled || context.get(userContext)?.role === "admin") return next();

  const info: MaintenanceInfo = {
    maintenance: true,
    siteName: settings.general.siteName,
    logoSrc: logoSrc(settings.general.logoUrl),
    contactEmail: settings.general.contactEmail,
  };
  if (RESOURCE_PATHS.has(pagePath(url.pathname))) {
    const response = new Response(plainMaintenancePage(info), {
      status: 503,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
    closedHeaders(response.headers);
    return response;
  }
  context.set(closedContext, info);
  const response = await next();
  closedHeaders(response.headers);
  return response;
};

/** Right after `maintenanceMiddleware`: turns a closed request into the 503 route error. */
export const maintenanceGate: MiddlewareFunction<Response> = ({ context }) => {
  const info = context.get(closedContext);
  if (info) throw data(info, { status: 503 });
};
