import {
  BarChart3 as barChart3Icon,
  FileText as fileTextIcon,
  FolderTree as folderTreeIcon,
  History as historyIcon,
  LayoutDashboard as layoutDashboardIcon,
  Megaphone as megaphoneIcon,
  Package as packageIcon,
  Recycle as recycleIcon,
  Settings as settingsIcon,
  ShoppingBag as shoppingBagIcon,
  Users as usersIcon,
  Wrench as wrenchIcon,
} from "lucide";
import { icon, type IconComponent } from "~/components/ui/icons";

const BarChart3 = icon(barChart3Icon);
const FileText = icon(fileTextIcon);
const FolderTree = icon(folderTreeIcon);
const History = icon(historyIcon);
const LayoutDashboard = icon(layoutDashboardIcon);
const Megaphone = icon(megaphoneIcon);
const Package = icon(packageIcon);
const Recycle = icon(recycleIcon);
const Settings = icon(settingsIcon);
const ShoppingBag = icon(shoppingBagIcon);
const Users = icon(usersIcon);
const Wrench = icon(wrenchIcon);

/**
 * The admin sidebar, in spec §2 order. A section is listed only once its page exists: every
 * issue that adds an admin page adds its entry here.
 */
export const ADMIN_LINKS: { to: string; label: string; icon: IconComponent }[] = [
  { to: "/admin/dashboard", label: "Panel", icon: LayoutDashboard },
  { to: "/admin/contenido", label: "Contenido", icon: FileText },
  { to: "/admin/productos", label: "Productos", icon: Package },
  { to: "/admin/marketplace-productos", label: "Marketplace", icon: Recycle },
  { to: "/admin/servicios", label: "Servicios", icon: Wrench },
  { to: "/admin/categorias", label: "Categorías", icon: FolderTree },
  { to: "/admin/pedidos", label: "Pedidos", icon: ShoppingBag },
  { to: "/admin/usuarios", label: "Usuarios", icon: Users },
  { to: "/admin/promociones", label: "Promociones", icon: Megaphone },
  { to: "/admin/analisis", label: "Análisis", icon: BarChart3 },
  { to: "/admin/actividad", label: "Actividad", icon: History },
  { to: "/admin/configuracion", label: "Configuración", icon: Settings },
];
