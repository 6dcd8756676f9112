/**
 * Reading orders: a customer's own orders, a guest's look-up by number + e-mail,
 * and the admin list and detail. Orders are written by checkout and payments (cart/payments
 * modules) and by the admin's status changes (admin-orders.server.ts).
 */
import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, orderStatusHistory, users } from "~/db/schema";
import { pick } from "~/db/pick";
import { LIMITS } from "~/lib/constants";
import { madridDayEnd, madridDayStart } from "~/db/time-zone.server";
import { getDb } from "~/db/client.server";
import { normalizeOrderNumber, type AdminOrderFilters, type OrderSortColumn } from "./schemas";
import type { OrderStatus } from "./status";
import { likeContaining } from "~/lib/like-pattern";
import { readPage, sortDirection, type SortedPageRequest } from "~/lib/pagination.server";

const summaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  totalCents: orders.totalCents,
  createdAt: orders.createdAt,
};

export type OrderSummary = {
  id: number;
  number: string;
  status: OrderStatus;
  totalCents: number;
  createdAt: Date;
};

/** A customer's orders, newest first, one page at a time (index orders_user_created_idx). */
export async function listCustomerOrders(
  userId: string,
  requestedPage: number,
  pageSize: number = LIMITS.customerOrdersPerPage,
) {
  const db = getDb();
  const { rows, total, page, pageCount } = await readPage({
    requestedPage,
    pageSize,
    matching: db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
    rows: ({ limit, offset }) =>
      db
        .select(summaryColumns)
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
  });
  return { orders: rows, total, page, pageCount };
}

async function linesOf(orderId: number) {
  return getDb()
    .select({
      id: orderItems.id,
      name: orderItems.name,
      sku: orderItems.sku,
      imageKey: orderItems.imageKey,
      productId: orderItems.productId,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
      lineTotalCents: orderItems.lineTotalCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

async function historyOf(orderId: number) {
  return getDb()
    .select({
      ...pick(orderStatusHistory, "id", "fromStatus", "toStatus", "note", "createdAt"),
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.actorUserId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

export type OrderLine = Awaited<ReturnType<typeof linesOf>>[number];
export type OrderHistoryEntry = Awaited<ReturnType<typeof historyOf>>[number];

const customerColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  createdAt: orders.createdAt,
  fullName: orders.fullName,
  email: orders.email,
  phone: orders.phone,
  addressLine1: orders.addressLine1,
  addressLine2: orders.addressLine2,
  postalCode: orders.postalCode,
  city: orders.city,
  province: orders.province,
  subtotalCents: orders.subtotalCents,
  discountCents: orders.discountCents,
  couponCode: orders.couponCode,
  shippingCents: orders.shippingCents,
  totalCents: orders.totalCents,
  vatCents: orders.vatCents,
  shippingZone: orders.shippingZone,
  trackingNumber: orders.trackingNumber,
};

/**
 * One of the customer's own orders, with its lines and history; null when the number is
 * unknown or the order is someone else's (the page answers 404 alike).
 */
export async function getCustomerOrder(userId: string, number: string) {
  const [order] = await getDb()
    .select(customerColumns)
    .from(orders)
    .where(and(eq(orders.number, normalizeOrderNumber(number)), eq(orders.userId, userId)));
  if (!order) return null;
  const [lines, history] = await Promise.all([linesOf(order.id), historyOf(order.id)]);
  return {
    ...order,
    lines,
    // Customers see when, not who.
    history: history.map(({ id, toStatus, createdAt }) => ({ id, toStatus, createdAt })),
  };
}

/**
 * A guest's look-up: the order whose number is exactly `number` and whose e-mail is `email`
 * (any case). Null for a wrong number or a wrong e-mail alike. Shows what following the
 * delivery needs — status, lines, totals, tracking number — and nothing of the address or
 * phone (ADR 0011).
 */
export async function findTrackedOrder(number: string, email: string) {
  const [order] = await getDb()
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      shippingCents: orders.shippingCents,
      shippingZone: orders.shippingZone,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(
      and(
        eq(orders.number, normalizeOrderNumber(number)),
        sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`,
      ),
    );
  if (!order) return null;
  const [lines, history] = await Promise.all([linesOf(order.id), historyOf(order.id)]);
  const { id: _id, ...visible } = order;
  return {
    ...visible,
    lines: lines.map(({ id, name, quantity, lineTotalCents }) => ({
      id,
      name,
      quantity,
      lineTotalCents,
    })),
    history: history.map(({ id, toStatus, createdAt }) => ({ id, toStatus, createdAt })),
  };
}

export type TrackedOrder = NonNullable<Awaited<ReturnType<typeof findTrackedOrder>>>;

/**
 * The admin search of orders (and of what hangs on an order, such as returns), by the shape of
 * what was typed (so the first two use an index at 100,000 orders): an order number "P-…"
 * (exact, any case: the unique index), an e-mail (exact, any case: orders_email_idx), or else
 * part of the customer's name or e-mail (the two trigram indexes, from three characters on;
 * ADR 0011). `term` is trimmed and not empty.
 */
export function orderSearchCondition(term: string): SQL {
  if (/^P-\S+$/i.test(term)) return eq(orders.number, normalizeOrderNumber(term));
  if (/^\S+@\S+$/.test(term)) return sql`lower(${orders.email}) = ${term.toLowerCase()}`;
  const pattern = likeContaining(term.toLowerCase());
  return or(
    sql`lower(${orders.fullName}) like ${pattern}`,
    sql`lower(${orders.email}) like ${pattern}`,
  )!;
}

function searchCondition(search: string): SQL | undefined {
  const term = search.trim();
  return term ? orderSearchCondition(term) : undefined;
}

function filterCondition(filters: AdminOrderFilters): SQL | undefined {
  return and(
    searchCondition(filters.search),
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.from ? gte(orders.createdAt, madridDayStart(filters.from)) : undefined,
    filters.to ? lt(orders.createdAt, madridDayEnd(filters.to)) : undefined,
    filters.customerId ? eq(orders.userId, filters.customerId) : undefined,
  );
}

/** One page of /admin/pedidos: the orders matching the filters, in date order. */
export async function listAdminOrders({
  filters,
  sort,
  page: requestedPage,
  pageSize = LIMITS.adminOrdersPerPage,
}: SortedPageRequest<OrderSortColumn> & { filters: AdminOrderFilters }) {
  const db = getDb();
  const where = filterCondition(filters);
  const direction = sortDirection(sort);
  const [{ rows, ...counts }, customer] = await Promise.all([
    readPage({
      requestedPage,
      pageSize,
      matching: db.select({ total: count() }).from(orders).where(where),
      all: where ? db.select({ total: count() }).from(orders) : undefined,
      rows: ({ limit, offset }) =>
        db
          .select({
            ...summaryColumns,
            ...pick(orders, "fullName", "email", "userId", "needsRefund", "paymentReview"),
          })
          .from(orders)
          .where(where)
          .orderBy(direction(orders.createdAt), direction(orders.id))
          .limit(limit)
          .offset(offset),
    }),
    filters.customerId
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, filters.customerId))
      : Promise.resolve([]),
  ]);
  return { orders: rows, ...counts, customer: customer[0] ?? null };
}

/** Everything the admin's order page shows; null for an unknown number. */
export async function getAdminOrder(number: string) {
  const [order] = await getDb()
    .select({
      ...customerColumns,
      userId: orders.userId,
      country: orders.country,
      stockState: orders.stockState,
      paymentProvider: orders.paymentProvider,
      paymentSessionId: orders.paymentSessionId,
      paymentIntentId: orders.paymentIntentId,
      paidAt: orders.paidAt,
      needsRefund: orders.needsRefund,
      paymentReview: orders.paymentReview,
      updatedAt: orders.updatedAt,
      accountName: users.name,
      accountEmail: users.email,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.number, normalizeOrderNumber(number)));
  if (!order) return null;
  const [lines, history] = await Promise.all([linesOf(order.id), historyOf(order.id)]);
  return { ...order, lines, history };
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;
