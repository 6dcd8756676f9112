/**
 * Reading the activity log: the filterable, paginated page /admin/actividad and the
 * dashboard's latest lines. Lines are written by recordActivity (activity.server.ts) in the
 * transaction of each admin change.
 */
import { LIMITS } from "~/lib/constants";
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  activityLog,
  categories,
  marketplaceProducts,
  orders,
  returns,
  products,
  promotions,
  reviews,
  serviceRequests,
  services,
  subcategories,
  users,
} from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import { getDb } from "~/db/client.server";
import { madridDayEnd, madridDayStart } from "~/db/time-zone.server";
import { ADMIN_SERVICE_REQUESTS_PATH } from "~/lib/admin-paths";
import type { ActivityEntity } from "./activity.server";
import { ACTIVITY_ENTITY_LABELS, type ActivityFilters, type ActivityLine } from "./log";
import { likeContaining } from "~/lib/like-pattern";
import { readPage } from "~/lib/pagination.server";

type LogRow = {
  id: number;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  summary: string;
  createdAt: Date;
};

const rowColumns = {
  id: activityLog.id,
  actorEmail: activityLog.actorEmail,
  action: activityLog.action,
  entityType: activityLog.entityType,
  entityId: activityLog.entityId,
  summary: activityLog.summary,
  createdAt: activityLog.createdAt,
};

function filterCondition(filters: ActivityFilters): SQL | undefined {
  const term = filters.search.toLowerCase();
  const pattern = likeContaining(term);
  return and(
    term
      ? sql`(lower(${activityLog.summary}) like ${pattern} or lower(coalesce(${activityLog.actorEmail}, '')) like ${pattern})`
      : undefined,
    filters.type ? eq(activityLog.entityType, filters.type) : undefined,
    filters.admin ? eq(activityLog.actorEmail, filters.admin) : undefined,
    filters.from ? gte(activityLog.createdAt, madridDayStart(filters.from)) : undefined,
    filters.to ? lt(activityLog.createdAt, madridDayEnd(filters.to)) : undefined,
  );
}

const numericIds = (rows: LogRow[], type: ActivityEntity) =>
  rows
    .filter((row) => row.entityType === type && row.entityId && /^\d{1,9}$/.test(row.entityId))
    .map((row) => Number(row.entityId));
const textIds = (rows: LogRow[], type: ActivityEntity) =>
  rows.filter((row) => row.entityType === type && row.entityId).map((row) => row.entityId!);

/** Awaits an object of promises together: the same keys, each with its promise's value. */
async function allOf<Promises extends Record<string, Promise<unknown>>>(
  promises: Promises,
): Promise<{ [Key in keyof Promises]: Awaited<Promises[Key]> }> {
  const entries = Object.entries(promises);
  const values = await Promise.all(entries.map(([, promise]) => promise));
  return Object.fromEntries(entries.map(([key], index) => [key, values[index]])) as {
    [Key in keyof Promises]: Awaited<Promises[Key]>;
  };
}

/**
 * Which of these keys are still in the table, each with the value of `valueColumn` (the key
 * itself unless given): one query by a unique column; none for no keys.
 */
async function stillThere<Key extends number | string, Value = Key>(
  table: PgTable,
  column: PgColumn,
  keys: Key[],
  valueColumn: PgColumn = column,
): Promise<Map<Key, Value>> {
  if (!keys.length) return new Map();
  const rows = await getDb()
    .select({ key: column, value: valueColumn })
    .from(table)
    .where(inArray(column, keys));
  return new Map(rows.map((row) => [row.key as Key, row.value as Value]));
}

/**
 * The admin page of each line's entity, when it still exists: one small query per kind of
 * entity on the page (at most 50 ids each, by primary key or unique column).
 */
async function linksFor(rows: LogRow[]): Promise<Map<number, string>> {
  const ids = {
    product: numericIds(rows, "product"),
    marketplace: numericIds(rows, "marketplace_product"),
    service: numericIds(rows, "service"),
    category: numericIds(rows, "category"),
    subcategory: numericIds(rows, "subcategory"),
    review: numericIds(rows, "review"),
    request: numericIds(rows, "service_request"),
    promotion: numericIds(rows, "promotion"),
    user: textIds(rows, "user"),
    order: textIds(rows, "order"),
    returned: textIds(rows, "return"),
  };
  const existing = await allOf({
    product: stillThere(products, products.id, ids.product),
    marketplace: stillThere(marketplaceProducts, marketplaceProducts.id, ids.marketplace),
    service: stillThere(services, services.id, ids.service),
    category: stillThere(categories, categories.id, ids.category),
    subcategory: stillThere<number, number>(
      subcategories,
      subcategories.id,
      ids.subcategory,
      subcategories.categoryId,
    ),
    review: stillThere(reviews, reviews.id, ids.review),
    request: stillThere(serviceRequests, serviceRequests.id, ids.request),
    promotion: stillThere(promotions, promotions.id, ids.promotion),
    user: stillThere<string, string>(users, users.id, ids.user, users.email),
    order: stillThere(orders, orders.number, ids.order),
    returned: stillThere(returns, returns.number, ids.returned),
  });

  const links = new Map<number, string>();
  for (const row of rows) {
    const key = row.entityId ?? "";
    const id = Number(key);
    let href: string | null = null;
    switch (row.entityType as ActivityEntity) {
      case "product":
        if (existing.product.has(id)) href = `/admin/productos?editar=${id}`;
        break;
      case "marketplace_product":
        if (existing.marketplace.has(id)) href = `/admin/marketplace-productos?editar=${id}`;
        break;
      case "service":
        if (existing.service.has(id)) href = `/admin/servicios?editar=${id}`;
        break;
      case "service_request":
        if (existing.request.has(id)) href = ADMIN_SERVICE_REQUESTS_PATH;
        break;
      case "category":
        if (existing.category.has(id)) href = `/admin/categorias?abierta=${id}`;
        break;
      case "subcategory": {
        const parent = existing.subcategory.get(id);
        if (parent !== undefined) href = `/admin/categorias?abierta=${parent}`;
        break;
      }
      case "review":
        if (existing.review.has(id)) href = "/reseñas";
        break;
      case "user": {
        const email = existing.user.get(key);
        if (email) href = `/admin/usuarios?q=${encodeURIComponent(email)}`;
        break;
      }
      case "order":
        if (existing.order.has(key)) href = `/admin/pedidos/${encodeURIComponent(key)}`;
        break;
      case "promotion":
        if (existing.promotion.has(id)) href = "/admin/promociones";
        break;
      case "return":
        if (existing.returned.has(key)) href = `/admin/devoluciones/${encodeURIComponent(key)}`;
        break;
      case "content": {
        // "page/section" (page-content.server.ts): the editor at that page and section.
        const [page, section] = key.split("/");
        href = page
          ? `/admin/contenido/${encodeURIComponent(page)}${section ? `#${encodeURIComponent(section)}` : ""}`
          : "/admin/contenido";
        break;
      }
      case "settings":
        href = "/admin/configuracion";
        break;
    }
    if (href) links.set(row.id, href);
  }
  return links;
}

async function toLines(rows: LogRow[]): Promise<ActivityLine[]> {
  const links = await linksFor(rows);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    entityType: row.entityType,
    entityLabel: ACTIVITY_ENTITY_LABELS[row.entityType as ActivityEntity] ?? row.entityType,
    summary: row.summary,
    actorEmail: row.actorEmail,
    href: links.get(row.id) ?? null,
    atIso: row.createdAt.toISOString(),
    atLabel: formatDateTime(row.createdAt),
  }));
}

/** The dashboard's recent activity: the newest lines (index activity_log_created_idx). */
export async function getLatestActivity(limit: number): Promise<ActivityLine[]> {
  const rows = await getDb()
    .select(rowColumns)
    .from(activityLog)
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(limit);
  return toLines(rows);
}

/** One page of /admin/actividad, newest first, with the admins the filter can offer. */
export async function listActivity(
  filters: ActivityFilters,
  requestedPage: number,
  pageSize: number = LIMITS.activityPerPage,
) {
  const db = getDb();
  const where = filterCondition(filters);
  const [{ rows, total, page, pageCount }, admins] = await Promise.all([
    readPage({
      requestedPage,
      pageSize,
      matching: db.select({ total: count() }).from(activityLog).where(where),
      rows: ({ limit, offset }) =>
        db
          .select(rowColumns)
          .from(activityLog)
          .where(where)
          .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
          .limit(limit)
          .offset(offset),
    }),
    db
      .selectDistinct({ email: activityLog.actorEmail })
      .from(activityLog)
      .where(sql`${activityLog.actorEmail} is not null`)
      .orderBy(activityLog.actorEmail),
  ]);
  return {
    lines: await toLines(rows),
    total,
    page,
    pageCount,
    admins: admins.map((a) => a.email!).filter(Boolean),
  };
}
