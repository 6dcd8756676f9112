import { Link, Outlet } from "react-router";
import { LayoutDashboard, Store } from "lucide-react";
import type { Route } from "./+types/layout";
import { ErrorPageLayoutProvider } from "~/components/layout/error-page";
import { SideNav } from "~/components/layout/side-nav";
import { requireAdminMiddleware } from "~/modules/accounts/middleware.server";

/** Every /admin/** loader and action runs behind this guard (anonymous → /login, customer → /). */
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

const LINKS = [{ to: "/admin/dashboard", label: "Panel", icon: LayoutDashboard }];

export default function AdminLayout() {
  return (
    <div className="min-h-dvh bg-slate-50 md:grid md:grid-cols-[240px_1fr]">
      <aside className="border-b border-slate-200 bg-white md:min-h-dvh md:border-r md:border-b-0">
        <div className="px-4 py-4">
          <Link to="/admin/dashboard" className="text-lg font-bold text-slate-900">
            Panel Admin
          </Link>
        </div>
        <div className="px-2 pb-4">
          <SideNav
            label="Administración"
            links={LINKS}
            extraLinks={[{ to: "/", label: "Ver tienda", icon: Store }]}
          />
        </div>
      </aside>
      <main id="contenido" className="px-4 py-6 md:px-8">
        <ErrorPageLayoutProvider>
          <Outlet />
        </ErrorPageLayoutProvider>
      </main>
    </div>
  );
}
