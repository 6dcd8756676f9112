import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { SideNav } from "~/components/layout/side-nav";
import { ACCOUNT_LINKS } from "~/modules/accounts/account-links";
import { noStoreMiddleware, requireUserMiddleware } from "~/modules/accounts/middleware.server";

/**
 * Every /perfil/** loader and action runs behind this guard (anonymous → /login?redirectTo=…,
 * and back after signing in), and no cache keeps what it answers.
 */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware, noStoreMiddleware];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function AccountLayout() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[220px_1fr]">
      <div className="md:sticky md:top-24 md:self-start">
        <SideNav label="Mi cuenta" links={ACCOUNT_LINKS} />
      </div>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
