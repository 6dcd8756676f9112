import { Heart, Package, Settings, User } from "lucide";
import { icon, type IconComponent } from "~/components/ui/icons";
import { SITE_NAME } from "~/lib/constants";

/** The customer's own pages (spec §2 avatar menu and profile side menu), in their order. */
export const ACCOUNT_LINKS: { to: string; label: string; icon: IconComponent }[] = [
  { to: "/perfil", label: "Mi Perfil", icon: icon(User) },
  { to: "/perfil/pedidos", label: "Mis Pedidos", icon: icon(Package) },
  { to: "/perfil/favoritos", label: "Mis Favoritos", icon: icon(Heart) },
  { to: "/perfil/configuracion", label: "Configuración", icon: icon(Settings) },
];

/** A /perfil page's meta: its title, and never indexed (private pages). */
export function accountMeta(title: string, siteName: string = SITE_NAME) {
  return [{ title: `${title} · ${siteName}` }, { name: "robots", content: "noindex" }];
}
