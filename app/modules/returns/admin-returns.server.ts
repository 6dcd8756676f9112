/**
 * The admin's returns back office (/admin/devoluciones): the list, one return's page and the
 * moves the admin makes — accept, reject (with a reason), receive (the units come back once),
 * refund through the payment provider. Every move goes through moveReturnStatus (the one way a
 * return changes status) in a transaction; the customer's e-mail goes after the commit.
 */
import crypto from "node:crypto";
import { and, asc, count, eq, inArray, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { orderItems, orders, returnItems, returns, returnStatusHistory, users } from "~/db/schema";
import { pick } from "~/db/pick";
import { formatDate, formatDateTime, formatShortDate } from "~/lib/dates";
import { conflict, invalid, notFound, ok, type Result } from "~/lib/failure";
import { formatCents } from "~/lib/money";
import { parsePage } from "~/lib/pagination";
import { readPage, sortDirection } from "~/lib/pagination.server";
import { parseTableSort } from "~/lib/table-params";
import { queueMail } from "~/db/mail-queue.server";
import type { Actor } from "~/modules/activity/index.server";
import {
  customerOrderUrl,
  normalizeOrderNumber,
  orderSearchCondition,
  receiveReturnedUnits,
} from "~/modules/orders/index.server";
import { customerMail, getMailIdentity } from "~/modules/settings/index.server";
import {
  ADMIN_RETURNS_PER_PAGE,
  DEFAULT_RETURN_SORT,
  OPEN_FILTER,
  OPEN_RETURN_STATUSES,
  parseAdminReturnFilters,
  RETURN_MESSAGES,
  RETURN_SORT_COLUMNS,
  type AdminReturnFilters,
  type ReceiveReturnInput,
  type RejectReturnInput,
} from "./admin-schemas";
import {
  listRefunds,
  lockOrder,
  previewRefund,
  requestRefund,
  retryRefund,
} from "./refunds.server";
import { moveReturnStatus } from "./return-status.server";
import { returnStatusEmail, type ReturnEmailStatus } from "./return-status-email";
import {
  canMoveReturn,
  RETURN_KIND_LABELS,
  RETURN_STATUS_LABELS,
  type RefundStatus,
  type ReturnStatus,
} from "./status";

/** Returns that are closed: their refund deadline no longer matters. */
const CLOSED: ReturnStatus[] = ["refunded", "rejected"];

/** Open and past its refund deadline (TRLGDCU art. 107.1: 14 days from the withdrawal). */
export function isOverdue(status: ReturnStatus, refundDueAt: Date, now = new Date()): boolean {
  return !CLOSED.includes(status) && refundDueAt.getTime() < now.getTime();
}

function overdueCondition(): SQL {
  return and(lt(returns.refundDueAt, sql`now()`), notInArray(returns.status, CLOSED))!;
}

/**
 * The search: a return number "D-…" (exact, any case: its unique index; written and normalized
 * like an order number), or else the order's search (its number, the customer's e-mail, part
 * of their name or e-mail).
 */
function searchCondition(search: string): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  if (/^D-\S+$/i.test(term)) return eq(returns.number, normalizeOrderNumber(term));
  return orderSearchCondition(term);
}

function filterCondition(filters: AdminReturnFilters): SQL | undefined {
  return and(
    searchCondition(filters.search),
    filters.status === OPEN_FILTER
      ? inArray(returns.status, [...OPEN_RETURN_STATUSES])
      : filters.status
        ? eq(returns.status, filters.status)
        : undefined,
    filters.kind ? eq(returns.kind, filters.kind) : undefined,
    filters.overdue ? overdueCondition() : undefined,
  );
}

/** /admin/devoluciones: the URL's filters, sort and page, and that page of returns. */
export async function loadAdminReturnList(params: URLSearchParams) {
  const filters = parseAdminReturnFilters(params);
  const sort = parseTableSort(params, RETURN_SORT_COLUMNS, DEFAULT_RETURN_SORT);
  const db = getDb();
  const where = filterCondition(filters);
  const direction = sortDirection(sort);
  const { rows, page, pageCount, matching, total } = await readPage({
    requestedPage: parsePage(params),
    pageSize: ADMIN_RETURNS_PER_PAGE,
    matching: db
      .select({ total: count() })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(where),
    all: db.select({ total: count() }).from(returns),
    rows: ({ limit, offset }) =>
      db
        .select({
          ...pick(returns, "number", "kind", "status", "requestedAt", "refundDueAt"),
          orderNumber: orders.number,
          fullName: orders.fullName,
          email: orders.email,
        })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(where)
        .orderBy(direction(returns.requestedAt), direction(returns.id))
        .limit(limit)
        .offset(offset),
  });
  const now = new Date();
  return {
    filters,
    sort,
    page,
    pageCount,
    matching,
    total,
    returns: rows.map((row) => ({
      number: row.number,
      kind: row.kind,
      status: row.status,
      orderNumber: row.orderNumber,
      fullName: row.fullName,
      email: row.email,
      requested: formatDateTime(row.requestedAt),
      requestedIso: row.requestedAt.toISOString(),
      refundDue: formatShortDate(row.refundDueAt),
      refundDueIso: row.refundDueAt.toISOString(),
      overdue: isOverdue(row.status, row.refundDueAt, now),
    })),
  };
}

export type AdminReturnListView = Awaited<ReturnType<typeof loadAdminReturnList>>;

async function findReturn(number: string) {
  const [row] = await getDb()
    .select({
      id: returns.id,
      number: returns.number,
      kind: returns.kind,
      status: returns.status,
      reason: returns.reason,
      channel: returns.channel,
      requestedAt: returns.requestedAt,
      refundDueAt: returns.refundDueAt,
      rejectionReason: returns.rejectionReason,
      resellMarketplace: returns.resellMarketplace,
      restockedAt: returns.restockedAt,
      orderId: orders.id,
      orderNumber: orders.number,
      orderStatus: orders.status,
      ...pick(orders, "userId", "fullName", "email", "phone"),
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(eq(returns.number, normalizeOrderNumber(number)));
  return row ?? null;
}

async function linesOf(returnId: number) {
  return getDb()
    .select({
      orderItemId: orderItems.id,
      name: orderItems.name,
      sku: orderItems.sku,
      quantity: returnItems.quantity,
      orderedQuantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      productId: orderItems.productId,
      marketplaceProductId: orderItems.marketplaceProductId,
      withdrawalExclusion: orderItems.withdrawalExclusion,
    })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(eq(returnItems.returnId, returnId))
    .orderBy(asc(orderItems.id));
}

async function historyOf(returnId: number) {
  return getDb()
    .select({
      ...pick(returnStatusHistory, "id", "toStatus", "note", "createdAt"),
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(returnStatusHistory)
    .leftJoin(users, eq(users.id, returnStatusHistory.actorUserId))
    .where(eq(returnStatusHistory.returnId, returnId))
    .orderBy(asc(returnStatusHistory.createdAt), asc(returnStatusHistory.id));
}

/** A marketplace line: a one-off item that goes back on sale only when the admin says so. */
const isMarketplaceLine = (line: { marketplaceProductId: number | null }) =>
  line.marketplaceProductId !== null;

/** /admin/devoluciones/:number: the return, its lines, history, deadline, refunds and actions. */
export async function loadAdminReturn(number: string) {
  const found = await findReturn(number);
  if (!found) return null;
  const [lines, history] = await Promise.all([linesOf(found.id), historyOf(found.id)]);
  const refundLines = lines.map((line) => ({
    orderItemId: line.orderItemId,
    quantity: line.quantity,
  }));
  // Refunds of a return exist only from «Recibida» on (the admin refunds what came back).
  const refundable = found.status === "received";
  const [refunds, preview] = await Promise.all([
    found.status === "received" || found.status === "refunded"
      ? listRefunds({ returnId: found.id })
      : Promise.resolve([]),
    refundable ? previewRefund(found.orderId, refundLines) : Promise.resolve(null),
  ]);
  // A refund on its way, done, or failed but retryable (the provider may have acted: only
  // «Reintentar» with its own key is safe) leaves no room for a new one.
  const refundBusy = refunds.some((refund) => refund.status !== "failed" || refund.retryable);
  return {
    number: found.number,
    kind: found.kind,
    status: found.status,
    reason: found.reason,
    rejectionReason: found.rejectionReason,
    resellMarketplace: found.resellMarketplace,
    restocked: found.restockedAt ? formatDateTime(found.restockedAt) : null,
    requested: formatDateTime(found.requestedAt),
    requestedIso: found.requestedAt.toISOString(),
    refundDue: formatDate(found.refundDueAt),
    refundDueIso: found.refundDueAt.toISOString(),
    overdue: isOverdue(found.status, found.refundDueAt),
    order: {
      number: found.orderNumber,
      status: found.orderStatus,
      fullName: found.fullName,
      email: found.email,
      phone: found.phone,
      registered: found.userId !== null,
    },
    lines: lines.map((line) => ({
      orderItemId: line.orderItemId,
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      orderedQuantity: line.orderedQuantity,
      unitPrice: formatCents(line.unitPriceCents),
      marketplace: isMarketplaceLine(line),
      exclusion: line.withdrawalExclusion,
    })),
    hasMarketplaceLines: lines.some(isMarketplaceLine),
    history: history.map((entry) => ({
      id: entry.id,
      toStatus: entry.toStatus,
      note: entry.note,
      at: formatDateTime(entry.createdAt),
      atIso: entry.createdAt.toISOString(),
      actor: entry.actorName || entry.actorEmail || null,
    })),
    refunds,
    // Nothing left to refund of its units (e.g. the order was refunded as a whole before).
    nothingToRefund: preview !== null && !refundBusy && preview.totalCents === 0,
    refund:
      preview && !refundBusy && preview.totalCents > 0
        ? {
            total: formatCents(preview.totalCents),
            items: formatCents(preview.itemsCents),
            shipping: formatCents(preview.shippingCents),
            // The form's one-time key: the same form sent twice is one refund (ADR 0027).
            requestKey: crypto.randomUUID(),
          }
        : null,
  };
}

export type AdminReturnView = NonNullable<Awaited<ReturnType<typeof loadAdminReturn>>>;

export function notAllowedMessage(from: ReturnStatus, to: ReturnStatus): string {
  return `No se puede pasar una devolución de «${RETURN_STATUS_LABELS[from]}» a «${RETURN_STATUS_LABELS[to]}».`;
}

type Found = NonNullable<Awaited<ReturnType<typeof findReturn>>>;

/**
 * One admin move: the checks, the transaction (the move and what it implies), then the
 * customer's e-mail. A move that lost to someone else answers «ha cambiado mientras tanto».
 */
async function move(
  number: string,
  from: ReturnStatus,
  to: ReturnStatus,
  /** false: the return was no longer at `from`; else what the move did, for the toast. */
  inTransaction: (found: Found, tx: Database) => Promise<false | { detail?: string }>,
  email: ReturnEmailStatus,
): Promise<Result<{ number: string; detail: string }>> {
  if (!canMoveReturn(from, to)) return invalid(notAllowedMessage(from, to));
  const found = await findReturn(number);
  if (!found) return notFound(RETURN_MESSAGES.notFound);
  const moved = await getDb().transaction((tx) => inTransaction(found, tx));
  if (!moved) return conflict(RETURN_MESSAGES.changed);
  await sendStatusEmail(found.number, email);
  return ok({ number: found.number, detail: moved.detail ?? "" });
}

export function acceptReturn(number: string, from: ReturnStatus, actor: Actor) {
  return move(
    number,
    from,
    "accepted",
    async (found, tx) =>
      (await moveReturnStatus(tx, found.id, { from, to: "accepted" }, actor)) && {},
    "accepted",
  );
}

export function rejectReturn(number: string, input: RejectReturnInput, actor: Actor) {
  return move(
    number,
    input.from,
    "rejected",
    async (found, tx) =>
      (await moveReturnStatus(
        tx,
        found.id,
        {
          from: input.from,
          to: "rejected",
          note: input.reason,
          set: { rejectionReason: input.reason },
        },
        actor,
      )) && {},
    "rejected",
  );
}

/**
 * «Marcar como recibida»: the units come back in the same transaction as the move, so a
 * repeated or concurrent action (whose conditional move finds the return already received)
 * puts nothing back a second time.
 */
export function receiveReturn(number: string, input: ReceiveReturnInput, actor: Actor) {
  return move(
    number,
    input.from,
    "received",
    async (found, tx) => {
      // The order row first, as every other writer of the order's stock and returns.
      await lockOrder(tx, found.orderId);
      const lines = await tx
        .select({
          orderItemId: orderItems.id,
          productId: orderItems.productId,
          marketplaceProductId: orderItems.marketplaceProductId,
          quantity: returnItems.quantity,
        })
        .from(returnItems)
        .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
        .where(eq(returnItems.returnId, found.id));
      const hasMarketplace = lines.some(isMarketplaceLine);
      const resell = hasMarketplace && input.resellMarketplace;
      // A withdrawal's goods are sound and go back to stock; a fault claim's only when the
      // admin checked them (a broken unit must not be sold again).
      const restock = found.kind === "withdrawal" || input.restockCatalog;
      const catalogue = lines.filter((line) => line.productId !== null);
      const units = catalogue.reduce((sum, line) => sum + line.quantity, 0);
      const notes = [
        units > 0
          ? restock
            ? `${units} ${units === 1 ? "unidad vuelve" : "unidades vuelven"} al stock.`
            : `${units} ${units === 1 ? "unidad queda" : "unidades quedan"} fuera del stock (defectuosas).`
          : "",
        hasMarketplace
          ? resell
            ? "Los artículos del marketplace vuelven a la venta."
            : "Los artículos del marketplace siguen retirados de la venta."
          : "",
      ].filter(Boolean);
      const note = notes.length ? notes.join(" ") : null;
      const moved = await moveReturnStatus(
        tx,
        found.id,
        {
          from: input.from,
          to: "received",
          note,
          set: { restockedAt: new Date(), resellMarketplace: hasMarketplace ? resell : null },
        },
        actor,
      );
      if (!moved) return false;
      await receiveReturnedUnits(tx, found.orderId, lines, {
        restockCatalog: restock,
        resellMarketplace: resell,
      });
      return { detail: note ?? "" };
    },
    "received",
  );
}

/** «Reembolsar»: the units of the return (and the shipping the law asks) through the provider. */
export async function refundReturn(
  number: string,
  requestKey: string,
  actor: Actor,
): Promise<Result<{ number: string; status: RefundStatus }>> {
  const found = await findReturn(number);
  if (!found) return notFound(RETURN_MESSAGES.notFound);
  if (found.status !== "received") return conflict(RETURN_MESSAGES.notReceived);
  const lines = await linesOf(found.id);
  const result = await requestRefund(
    {
      orderId: found.orderId,
      returnId: found.id,
      lines: lines.map((line) => ({ orderItemId: line.orderItemId, quantity: line.quantity })),
      reason: `${RETURN_KIND_LABELS[found.kind]} ${found.number}`,
      requestKey,
    },
    actor,
  );
  if (!result.ok) return result;
  return ok({ number: found.number, status: result.status });
}

/** «Reintentar reembolso»: only a refund of this return, and only a failed one. */
export async function retryReturnRefund(
  number: string,
  refundId: number,
  actor: Actor,
): Promise<Result<{ number: string; status: RefundStatus }>> {
  const found = await findReturn(number);
  if (!found) return notFound(RETURN_MESSAGES.notFound);
  const refunds = await listRefunds({ returnId: found.id });
  if (!refunds.some((refund) => refund.id === refundId)) {
    return notFound(RETURN_MESSAGES.refundNotFound);
  }
  const result = await retryRefund(refundId, actor);
  if (!result.ok) return result;
  return ok({ number: found.number, status: result.status });
}

/** The customer's e-mail after a move (sent once: only the move that won gets here). */
async function sendStatusEmail(number: string, status: ReturnEmailStatus): Promise<void> {
  const found = await findReturn(number);
  if (!found) return;
  const [lines, identity] = await Promise.all([linesOf(found.id), getMailIdentity()]);
  const mail = returnStatusEmail({
    ...identity.site,
    status,
    name: found.fullName,
    returnNumber: found.number,
    orderNumber: found.orderNumber,
    kind: found.kind,
    lines: lines.map((line) => ({ name: line.name, quantity: line.quantity })),
    orderUrl: customerOrderUrl(found.orderNumber, found.userId !== null),
    refundDue: formatDate(found.refundDueAt),
    rejectionReason: found.rejectionReason,
  });
  await queueMail(customerMail(identity, found.email, mail), {
    kind: "return_status",
    reference: found.orderNumber,
  });
}

/** The dashboard's returns: how many wait for the admin, and how many are past the deadline. */
export async function getReturnsDashboard() {
  const db = getDb();
  const [byStatus, [overdue]] = await Promise.all([
    db
      .select({ status: returns.status, total: count() })
      .from(returns)
      .where(inArray(returns.status, [...OPEN_RETURN_STATUSES]))
      .groupBy(returns.status),
    db.select({ total: count() }).from(returns).where(overdueCondition()),
  ]);
  const of = (status: ReturnStatus) => byStatus.find((row) => row.status === status)?.total ?? 0;
  return {
    requested: of("requested"),
    accepted: of("accepted"),
    received: of("received"),
    open: byStatus.reduce((sum, row) => sum + row.total, 0),
    overdue: overdue?.total ?? 0,
  };
}

export type ReturnsDashboard = Awaited<ReturnType<typeof getReturnsDashboard>>;
