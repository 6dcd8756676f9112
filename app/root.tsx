import "~/lib/csp-client";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { Toaster } from "~/components/ui/toaster";
import { ErrorPage, errorPageProps } from "~/components/layout/error-page";
import { sessionMiddleware } from "~/modules/accounts/middleware.server";
import { cartMiddleware } from "~/modules/cart/middleware.server";
import { PersonalDataLoader } from "~/modules/accounts/personal";
import { loadPersonal } from "~/modules/accounts/personal.server";
import { sharedSignedInContext, userContext } from "~/lib/context";
import { useNonce } from "~/lib/nonce";
import { readToast } from "~/lib/toast.server";
import { MaintenancePage } from "~/modules/settings/components/maintenance-page";
import { logoSrc } from "~/lib/logo";
import { IMAGE_BASE_META, imageBaseUrl } from "~/lib/image-url";
import { isMaintenanceInfo } from "~/modules/settings/maintenance";
import { maintenanceGate, maintenanceMiddleware } from "~/modules/settings/maintenance.server";
import { getSiteSettingsForPage } from "~/modules/settings/site-settings.server";

export const middleware: Route.MiddlewareFunction[] = [
  sessionMiddleware,
  // Maintenance mode: visitors and customers get the 503 page before anything else runs.
  maintenanceMiddleware,
  maintenanceGate,
  cartMiddleware,
];

/** The maintenance page's title; every other page sets its own. */
export const meta: Route.MetaFunction = ({ error }) =>
  isRouteErrorResponse(error) && isMaintenanceInfo(error.data)
    ? [
        { title: `En mantenimiento · ${error.data.siteName}` },
        { name: "robots", content: "noindex" },
      ]
    : [];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  // A signed-in customer's page kept in the shared page cache carries no personal data: the
  // browser fetches it once the page has loaded (ADR 0020).
  const shared = context.get(sharedSignedInContext);
  const [{ toast, clear }, personal, settings] = await Promise.all([
    readToast(request),
    shared ? null : loadPersonal(context),
    getSiteSettingsForPage(),
  ]);
  // The shop's name and logo as the admin set them (/admin/configuracion).
  const site = { name: settings.general.siteName, logoSrc: logoSrc(settings.general.logoUrl) };
  // Only admins get this far while the shop is in maintenance: they see a banner.
  const maintenanceBanner = settings.maintenance.enabled && user?.role === "admin";
  return data(
    { personal, toast, site, maintenanceBanner },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const images = imageBaseUrl();
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Images on a public URL or CDN (ADR 0030): lib/image-url.ts reads it in the browser. */}
        {images === "/uploads" ? null : <meta name={IMAGE_BASE_META} content={images} />}
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <Toaster toast={rootData?.toast ?? null} />
        <PersonalDataLoader />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && isMaintenanceInfo(error.data)) {
    return <MaintenancePage info={error.data} />;
  }
  return <ErrorPage {...errorPageProps(error)} />;
}
