import {
  Heart as heartIcon,
  Package as packageIcon,
  Settings as settingsIcon,
  User as userIcon,
} from "lucide";
import { icon, type IconComponent } from "~/components/ui/icons";
import { SITE_NAME } from "~/lib/constants";

const Heart = icon(heartIcon);
const Package = icon(packageIcon);
const Settings = icon(settingsIcon);
const User = icon(userIcon);

/** The customer's own pages (spec §2 avatar menu and profile side menu), in their order. */
export const ACCOUNT_LINKS: { to: string; label: string; icon: IconComponent }[] = [
  { to: "/perfil", label: "Mi Perfil", icon: User },
  { to: "/perfil/pedidos", label: "Mis Pedidos", icon: Package },
  { to: "/perfil/favoritos", label: "Mis Favoritos", icon: Heart },
  { to: "/perfil/configuracion", label: "Configuración", icon: Settings },
];

/** A /perfil page's meta: its title, and never indexed (private pages). */
export function accountMeta(title: string, siteName: string = SITE_NAME) {
  return [{ title: `${title} · ${siteName}` }, { name: "robots", content: "noindex" }];
}
