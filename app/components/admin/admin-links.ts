import {
  BarChart3,
  FileText,
  FolderTree,
  History,
  LayoutDashboard,
  Megaphone,
  Package,
  ReceiptText,
  Recycle,
  Settings,
  TicketPercent,
  ShoppingBag,
  Undo2,
  Users,
  Wrench,
} from "lucide";
import { icon, type IconComponent } from "~/components/ui/icons";

/**
 * The admin sidebar, in spec §2 order. A section is listed only once its page exists: every
 * issue that adds an admin page adds its entry here.
 */
export const ADMIN_LINKS: { to: string; label: string; icon: IconComponent }[] = [
  { to: "/admin/dashboard", label: "Panel", icon: icon(LayoutDashboard) },
  { to: "/admin/contenido", label: "Contenido", icon: icon(FileText) },
  { to: "/admin/productos", label: "Productos", icon: icon(Package) },
  { to: "/admin/marketplace-productos", label: "Marketplace", icon: icon(Recycle) },
  { to: "/admin/servicios", label: "Servicios", icon: icon(Wrench) },
  { to: "/admin/categorias", label: "Categorías", icon: icon(FolderTree) },
  { to: "/admin/pedidos", label: "Pedidos", icon: icon(ShoppingBag) },
  { to: "/admin/devoluciones", label: "Devoluciones", icon: icon(Undo2) },
  { to: "/admin/facturas", label: "Facturas", icon: icon(ReceiptText) },
  { to: "/admin/usuarios", label: "Usuarios", icon: icon(Users) },
  { to: "/admin/promociones", label: "Promociones", icon: icon(Megaphone) },
  { to: "/admin/cupones", label: "Cupones", icon: icon(TicketPercent) },
  { to: "/admin/analisis", label: "Análisis", icon: icon(BarChart3) },
  { to: "/admin/actividad", label: "Actividad", icon: icon(History) },
  { to: "/admin/configuracion", label: "Configuración", icon: icon(Settings) },
];
