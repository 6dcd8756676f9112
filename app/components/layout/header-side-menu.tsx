import {
  HandCoins,
  HeartHandshake,
  House,
  LifeBuoy,
  Package,
  Percent,
  Sparkles,
  Store,
  TrendingUp,
  Users,
  Wrench,
} from "lucide";
import { icon, type IconComponent } from "~/components/ui/icons";
import { NavLink } from "react-router";
import type { IslandProps } from "~/components/ui/lazy-island";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { cn } from "~/lib/utils";
import { SIDE_MENU_LINKS, type SideMenuPath } from "./side-menu-links";

const ICONS: Record<SideMenuPath, IconComponent> = {
  "/": icon(House),
  "/productos": icon(Package),
  "/servicios": icon(Wrench),
  "/marketplace": icon(Store),
  "/novedades": icon(Sparkles),
  "/rebajas": icon(Percent),
  "/compramos": icon(HandCoins),
  "/afiliados": icon(Users),
  "/invertir": icon(TrendingUp),
  "/proyectos-beneficos": icon(HeartHandshake),
  "/necesitas-ayuda": icon(LifeBuoy),
};

/** The side menu (spec §2) in a sheet from the left. An island: Radix Dialog loads on demand. */
export function SideMenu({ open, onOpenChange, trigger }: IslandProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" closeLabel="Cerrar menú" aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>Menú</SheetTitle>
        </SheetHeader>
        <nav aria-label="Menú lateral" className="flex-1 overflow-y-auto px-3 py-3">
          <ul className="grid gap-0.5">
            {SIDE_MENU_LINKS.map(({ to, label }) => {
              const Icon = ICONS[to];
              return (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={to === "/"}
                    onClick={() => onOpenChange(false)}
                    className={({ isActive }) =>
                      cn(
                        "flex items-center gap-3 rounded-lg px-3 py-2.5 text-[0.9375rem] font-medium transition-colors",
                        isActive
                          ? "bg-brand-50 text-brand-800"
                          : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                    {label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
