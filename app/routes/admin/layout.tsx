import { useEffect, useRef } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { Menu } from "~/components/icons/menu";
import { Store } from "~/components/icons/store";
import type { Route } from "./+types/layout";
import { ADMIN_LINKS } from "~/components/admin/admin-links";
import { ErrorPageLayoutProvider } from "~/components/layout/error-page";
import { SideNav } from "~/components/layout/side-nav";
import { noStoreMiddleware, requireAdminMiddleware } from "~/modules/accounts/middleware.server";
import { MaintenanceBanner } from "~/modules/settings/components/maintenance-banner";

/** Every /admin/** loader and action runs behind this guard (anonymous → /login, customer → /). */
export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware, noStoreMiddleware];

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

const EXTRA_LINKS = [{ to: "/", label: "Ver tienda", icon: Store }];

export default function AdminLayout() {
  // The server renders the whole page: there is no auth state to wait for, so no spinner.
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    // On a phone the menu folds away again once a section is chosen.
    if (menuRef.current) menuRef.current.open = false;
  }, [location.pathname]);

  return (
    <div className="min-h-dvh bg-slate-50 md:grid md:grid-cols-[240px_1fr]">
      {/* Keyboard users skip the sidebar's dozen links (as on the public pages). */}
      <a
        href="#contenido"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <aside className="border-b border-slate-200 bg-white md:min-h-dvh md:border-r md:border-b-0">
        <div className="flex items-center justify-between px-4 py-3 md:py-4">
          <Link to="/admin/dashboard" className="text-lg font-bold text-slate-900">
            Panel Admin
          </Link>
        </div>
        {/* Phones: a foldable menu (a <details>, so it opens even before JavaScript loads). */}
        <details ref={menuRef} className="group px-2 pb-3 md:hidden">
          <summary className="flex min-h-10 cursor-pointer list-none items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <Menu className="size-4" aria-hidden /> Menú de administración
          </summary>
          <div className="pt-2">
            <SideNav label="Administración" links={ADMIN_LINKS} extraLinks={EXTRA_LINKS} vertical />
          </div>
        </details>
        {/* Desktop: the sidebar stays in view while a long table scrolls. */}
        <div className="hidden px-2 pb-4 md:sticky md:top-0 md:block">
          <SideNav label="Administración" links={ADMIN_LINKS} extraLinks={EXTRA_LINKS} />
        </div>
      </aside>
      <main id="contenido" tabIndex={-1} className="min-w-0 px-4 py-6 focus:outline-none md:px-8">
        <MaintenanceBanner className="-mx-4 -mt-6 mb-6 md:-mx-8" />
        <ErrorPageLayoutProvider>
          <Outlet />
        </ErrorPageLayoutProvider>
      </main>
    </div>
  );
}
