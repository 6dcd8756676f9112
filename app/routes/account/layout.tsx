import { Form, NavLink, Outlet } from "react-router";
import { Heart, LogOut, Package, Settings, User } from "lucide-react";
import type { Route } from "./+types/layout";
import { cn } from "~/lib/utils";
import { requireUserMiddleware } from "~/modules/accounts/middleware.server";

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

const LINKS = [
  { to: "/perfil", label: "Mi Perfil", icon: User, end: true },
  { to: "/perfil/pedidos", label: "Mis Pedidos", icon: Package, end: false },
  { to: "/perfil/favoritos", label: "Mis Favoritos", icon: Heart, end: false },
  { to: "/perfil/configuracion", label: "Configuración", icon: Settings, end: false },
];

export default function AccountLayout() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-[220px_1fr]">
      <nav aria-label="Mi cuenta" className="md:sticky md:top-24 md:self-start">
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {LINKS.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
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
      <div>
        <Outlet />
      </div>
    </div>
  );
}
