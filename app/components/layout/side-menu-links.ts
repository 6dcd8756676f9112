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
  type LucideIcon,
} from "lucide-react";

/** The side menu of spec §2 (also rendered in the footer as the no-JavaScript fallback). */
export const SIDE_MENU_LINKS: readonly { to: string; label: string; icon: LucideIcon }[] = [
  { to: "/", label: "Inicio", icon: House },
  { to: "/productos", label: "Productos", icon: Package },
  { to: "/servicios", label: "Servicios", icon: Wrench },
  { to: "/marketplace", label: "Marketplace", icon: Store },
  { to: "/novedades", label: "Novedades", icon: Sparkles },
  { to: "/rebajas", label: "Rebajas", icon: Percent },
  { to: "/compramos", label: "Compramos", icon: HandCoins },
  { to: "/afiliados", label: "Afiliados", icon: Users },
  { to: "/invertir", label: "Invertir", icon: TrendingUp },
  { to: "/proyectos-beneficos", label: "Proyectos Benéficos", icon: HeartHandshake },
  { to: "/necesitas-ayuda", label: "¿Necesitas Ayuda?", icon: LifeBuoy },
];

/** Id of the footer's copy of the side menu; the menu toggle links there before hydration. */
export const SIDE_MENU_FALLBACK_ID = "menu-lateral";
