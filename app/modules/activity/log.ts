/** Browser-safe parts of the activity log page (/admin/actividad) and the dashboard's list. */
import { filterChoice, filterDays, filterText } from "~/lib/filter-params";
import type { ActivityEntity } from "./activity.server";

export const ACTIVITY_PATH = "/admin/actividad";

/** The log page's query parameters (Spanish, like the other admin tables). */
export const ACTIVITY_PARAMS = {
  search: "q",
  type: "tipo",
  admin: "admin",
  from: "desde",
  to: "hasta",
} as const;

/** What each entity type is called in the filter and the table. */
export const ACTIVITY_ENTITY_LABELS: Record<ActivityEntity, string> = {
  product: "Productos",
  marketplace_product: "Marketplace",
  service: "Servicios",
  service_request: "Solicitudes de servicio",
  category: "Categorías",
  subcategory: "Subcategorías",
  user: "Usuarios",
  order: "Pedidos",
  review: "Reseñas",
  content: "Contenido",
  settings: "Configuración",
  promotion: "Promociones",
  return: "Devoluciones",
  coupon: "Cupones",
};

export const ACTIVITY_ENTITIES = Object.keys(ACTIVITY_ENTITY_LABELS) as ActivityEntity[];

export interface ActivityFilters {
  search: string;
  type: ActivityEntity | undefined;
  /** The admin's e-mail as the log keeps it (it stays after the account is deleted). */
  admin: string | undefined;
  /** Europe/Madrid days, inclusive. */
  from: string | undefined;
  to: string | undefined;
}

export function parseActivityFilters(params: URLSearchParams): ActivityFilters {
  return {
    search: filterText(params, ACTIVITY_PARAMS.search),
    type: filterChoice(params, ACTIVITY_PARAMS.type, ACTIVITY_ENTITIES),
    admin: filterText(params, ACTIVITY_PARAMS.admin) || undefined,
    ...filterDays(params, ACTIVITY_PARAMS),
  };
}

/** One line of the log as the pages show it. */
export interface ActivityLine {
  id: number;
  action: string;
  entityType: string;
  entityLabel: string;
  summary: string;
  actorEmail: string | null;
  /** The admin page of the entity while it still exists; null otherwise. */
  href: string | null;
  atIso: string;
  /** "23 nov 2026, 14:05", Europe/Madrid. */
  atLabel: string;
}
