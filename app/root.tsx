import {
  data,
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
import { cartItemCount } from "~/modules/cart/cart.server";
import { cartIdentityOf, cartMiddleware } from "~/modules/cart/middleware.server";
import { toShellUser } from "~/modules/accounts/shell-user";
import { userContext } from "~/lib/context";
import { useNonce } from "~/lib/nonce";
import { readToast } from "~/lib/toast.server";

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, cartMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const [{ toast, clear }, cartCount] = await Promise.all([
    readToast(request),
    cartItemCount(cartIdentityOf(context)),
  ]);
  return data(
    { user: user ? toShellUser(user) : null, toast, cartCount },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <Toaster toast={rootData?.toast ?? null} />
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
  return <ErrorPage {...errorPageProps(error)} />;
}
