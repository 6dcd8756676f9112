/**
 * The side menu of spec §2 (also rendered in the footer as the no-JavaScript fallback). The
 * icons live with the menu itself (header-side-menu.tsx), which loads on demand.
 */
export const SIDE_MENU_LINKS = [
  { to: "/", label: "Inicio" },
  { to: "/productos", label: "Productos" },
  { to: "/servicios", label: "Servicios" },
  { to: "/marketplace", label: "Marketplace" },
  { to: "/novedades", label: "Novedades" },
  { to: "/rebajas", label: "Rebajas" },
  { to: "/compramos", label: "Compramos" },
  { to: "/afiliados", label: "Afiliados" },
  { to: "/invertir", label: "Invertir" },
  { to: "/proyectos-beneficos", label: "Proyectos Benéficos" },
  { to: "/necesitas-ayuda", label: "¿Necesitas Ayuda?" },
] as const;

export type SideMenuPath = (typeof SIDE_MENU_LINKS)[number]["to"];

/** Id of the footer's copy of the side menu; the menu toggle links there before hydration. */
export const SIDE_MENU_FALLBACK_ID = "menu-lateral";
