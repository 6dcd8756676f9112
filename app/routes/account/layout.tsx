import { ShieldCheck } from "~/components/icons/shield-check";
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { SideNav } from "~/components/layout/side-nav";
import { ACCOUNT_LINKS } from "~/components/layout/account-links";
import { usePersonal } from "~/modules/accounts/personal";
import { SECURITY_PATH } from "~/modules/accounts/two-factor-paths";
import { noStoreMiddleware, requireUserMiddleware } from "~/modules/accounts/middleware.server";

/**
 * Every /perfil/** loader and action runs behind this guard (anonymous → /login?redirectTo=…,
 * and back after signing in), and no cache keeps what it answers.
 */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware, noStoreMiddleware];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** Admins' second factor (ADR 0023): only admins see the page in their menu. */
const ADMIN_ACCOUNT_LINKS = [
  ...ACCOUNT_LINKS,
  { to: SECURITY_PATH, label: "Seguridad", icon: ShieldCheck },
];

export default function AccountLayout() {
  const isAdmin = usePersonal()?.user?.isAdmin ?? false;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[220px_1fr]">
      <div className="md:sticky md:top-24 md:self-start">
        <SideNav label="Mi cuenta" links={isAdmin ? ADMIN_ACCOUNT_LINKS : ACCOUNT_LINKS} />
      </div>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
