import { Form, Link, NavLink, Outlet } from "react-router";
import { LayoutDashboard, LogOut, Store } from "lucide-react";
import type { Route } from "./+types/layout";
import { ErrorPageLayoutProvider } from "~/components/layout/error-page";
import { cn } from "~/lib/utils";
import { requireAdminMiddleware } from "~/modules/accounts/middleware.server";

/** Every /admin/** loader and action runs behind this guard (anonymous → /login, customer → /). */
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

const LINKS = [{ to: "/admin/dashboard", label: "Panel", icon: LayoutDashboard }];

export default function AdminLayout() {
  return (
    <div className="min-h-dvh bg-slate-50 md:grid md:grid-cols-[240px_1fr]">
      <aside className="border-b border-slate-200 bg-white md:min-h-dvh md:border-r md:border-b-0">
        <div className="flex items-center justify-between px-4 py-4">
          <Link to="/admin/dashboard" className="text-lg font-bold text-slate-900">
            Panel Admin
          </Link>
        </div>
        <nav aria-label="Administración" className="px-2 pb-4">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {LINKS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    cn(
                      "flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium",
                      isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
                    )
                  }
                >
                  <Icon className="size-4" aria-hidden /> {label}
                </NavLink>
              </li>
            ))}
            <li>
              <Link
                to="/"
                className="flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                <Store className="size-4" aria-hidden /> Ver tienda
              </Link>
            </li>
            <li>
              <Form method="post" action="/logout" replace>
                <button
                  type="submit"
                  className="flex w-full items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
                >
                  <LogOut className="size-4" aria-hidden /> Cerrar sesión
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <main id="contenido" className="px-4 py-6 md:px-8">
        <ErrorPageLayoutProvider>
          <Outlet />
        </ErrorPageLayoutProvider>
      </main>
    </div>
  );
}
