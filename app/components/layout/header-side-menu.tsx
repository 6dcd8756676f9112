import {
  HandCoins as handCoinsIcon,
  HeartHandshake as heartHandshakeIcon,
  House as houseIcon,
  LifeBuoy as lifeBuoyIcon,
  Package as packageIcon,
  Percent as percentIcon,
  Sparkles as sparklesIcon,
  Store as storeIcon,
  TrendingUp as trendingUpIcon,
  Users as usersIcon,
  Wrench as wrenchIcon,
} from "lucide";
import { icon, type IconComponent } from "~/components/ui/icons";
import { NavLink } from "react-router";
import type { IslandProps } from "~/components/ui/lazy-island";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { cn } from "~/lib/utils";
import { SIDE_MENU_LINKS, type SideMenuPath } from "./side-menu-links";

const HandCoins = icon(handCoinsIcon);
const HeartHandshake = icon(heartHandshakeIcon);
const House = icon(houseIcon);
const LifeBuoy = icon(lifeBuoyIcon);
const Package = icon(packageIcon);
const Percent = icon(percentIcon);
const Sparkles = icon(sparklesIcon);
const Store = icon(storeIcon);
const TrendingUp = icon(trendingUpIcon);
const Users = icon(usersIcon);
const Wrench = icon(wrenchIcon);

const ICONS: Record<SideMenuPath, IconComponent> = {
  "/": House,
  "/productos": Package,
  "/servicios": Wrench,
  "/marketplace": Store,
  "/novedades": Sparkles,
  "/rebajas": Percent,
  "/compramos": HandCoins,
  "/afiliados": Users,
  "/invertir": TrendingUp,
  "/proyectos-beneficos": HeartHandshake,
  "/necesitas-ayuda": LifeBuoy,
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
