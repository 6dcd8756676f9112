/*
 * /admin/cupones: the list (search, filter, pages), the dialog's create and update, the active
 * switch, the delete of a never-used coupon, and each coupon's usage report. Every change
 * writes its activity-log line in the same transaction.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { categories, couponRedemptions, coupons, orders } from "~/db/schema";
import { pick } from "~/db/pick";
import { getDb, type Database } from "~/db/client.server";
import { isCheckViolation, isUniqueViolation } from "~/lib/db-errors.server";
import { conflict, invalid, notFound, ok, type Result } from "~/lib/failure";
import { formatCents } from "~/lib/money";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { COUPON_LIMITS, COUPON_MESSAGES } from "./constants";
import { madridDayStartInstant } from "~/lib/dates";
import { validityDays, validityEnd } from "./dates";
import type { CouponInput } from "./schemas";
import { likeContaining } from "~/lib/like-pattern";
import { readPage } from "~/lib/pagination.server";

/** The list's filters, from the URL: `q` (code or description) and `estado`. */
export interface CouponFilters {
  q: string;
  estado: "activos" | "inactivos" | null;
}

export function readCouponFilters(searchParams: URLSearchParams): CouponFilters {
  const estado = searchParams.get("estado");
  return {
    q: (searchParams.get("q") ?? "").trim().slice(0, 100),
    estado: estado === "activos" || estado === "inactivos" ? estado : null,
  };
}

export async function listCoupons(filters: CouponFilters, requestedPage: number) {
  const db = getDb();
  const where: (SQL | undefined)[] = [];
  if (filters.q) {
    const pattern = likeContaining(filters.q);
    where.push(or(ilike(coupons.code, pattern), ilike(coupons.description, pattern)));
  }
  if (filters.estado) where.push(eq(coupons.isActive, filters.estado === "activos"));
  const condition = and(...where);
  const pageSize = COUPON_LIMITS.adminPageSize;
  const { rows, total, page, pageCount } = await readPage({
    requestedPage,
    pageSize,
    matching: db.select({ total: count() }).from(coupons).where(condition),
    rows: ({ limit, offset }) =>
      db
        .select({
          id: coupons.id,
          code: coupons.code,
          description: coupons.description,
          kind: coupons.kind,
          value: coupons.value,
          startsAt: coupons.startsAt,
          endsAt: coupons.endsAt,
          maxUses: coupons.maxUses,
          usedCount: coupons.usedCount,
          isActive: coupons.isActive,
          redemptions:
            sql<number>`(select count(*) from ${couponRedemptions} where ${couponRedemptions.couponId} = ${coupons.id})`.mapWith(
              Number,
            ),
        })
        .from(coupons)
        .where(condition)
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows, total, page, pageSize, pageCount };
}

export async function couponCategoryOptions() {
  return getDb()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.name));
}

/** The dialog's values of a coupon, or null. */
export async function getCouponForEdit(id: number) {
  const [row] = await getDb().select().from(coupons).where(eq(coupons.id, id));
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    minimumOrderCents: row.minimumOrderCents,
    ...validityDays(row.startsAt, row.endsAt),
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    scope: row.scope,
    categoryIds: row.categoryIds,
    isActive: row.isActive,
    usedCount: row.usedCount,
  };
}

function columns(input: CouponInput) {
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    value: input.value,
    minimumOrderCents: input.minimumOrder,
    startsAt: input.startsOn ? madridDayStartInstant(input.startsOn) : null,
    endsAt: input.endsOn ? validityEnd(input.endsOn) : null,
    maxUses: input.maxUses,
    maxUsesPerCustomer: input.maxUsesPerCustomer,
    scope: input.scope,
    categoryIds: input.categoryIds,
    isActive: input.isActive,
  } satisfies Partial<typeof coupons.$inferInsert>;
}

/** A write's database refusal as the form's message. */
function refused(error: unknown): Result<{ id: number }> {
  if (isUniqueViolation(error, "coupons_code_uq"))
    return conflict(COUPON_MESSAGES.duplicate, "code");
  if (isCheckViolation(error, "coupons_uses_valid")) {
    return invalid("El total de usos no puede ser menor que los usos que ya tiene.", "maxUses");
  }
  throw error;
}

/** The coupon's line in the activity log, written in the change's transaction. */
function logCoupon(tx: Database, actor: Actor | null, action: string, id: number, summary: string) {
  return recordActivity(actor, { action, entityType: "coupon", entityId: id, summary }, tx);
}

/** The dialog's save: adds a coupon (no id) or updates one (not found when it is gone). */
async function saveCoupon(
  id: number | null,
  input: CouponInput,
  actor: Actor | null,
): Promise<Result<{ id: number }>> {
  try {
    return await getDb().transaction(async (tx) => {
      const [saved] =
        id === null
          ? await tx.insert(coupons).values(columns(input)).returning({ id: coupons.id })
          : await tx
              .update(coupons)
              .set(columns(input))
              .where(eq(coupons.id, id))
              .returning({ id: coupons.id });
      if (!saved) return notFound(COUPON_MESSAGES.gone);
      const [action, done] = id === null ? ["create", "creado"] : ["update", "actualizado"];
      await logCoupon(tx, actor, action, saved.id, `Cupón «${input.code}» ${done}`);
      return ok({ id: saved.id });
    });
  } catch (error) {
    return refused(error);
  }
}

export function createCoupon(input: CouponInput, actor: Actor | null) {
  return saveCoupon(null, input, actor);
}

export function updateCoupon(id: number, input: CouponInput, actor: Actor | null) {
  return saveCoupon(id, input, actor);
}

/** The active switch. */
export async function setCouponActive(
  id: number,
  isActive: boolean,
  actor: Actor | null,
): Promise<Result<{ code: string; isActive: boolean }>> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(coupons)
      .set({ isActive })
      .where(eq(coupons.id, id))
      .returning({ code: coupons.code });
    if (!row) return notFound(COUPON_MESSAGES.gone);
    await logCoupon(
      tx,
      actor,
      isActive ? "activate" : "deactivate",
      id,
      `Cupón «${row.code}» ${isActive ? "activado" : "desactivado"}`,
    );
    return ok({ code: row.code, isActive });
  });
}

/** Only a coupon no order ever used can go (its redemptions are the orders' history). */
export async function deleteCoupon(id: number, actor: Actor | null): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ code: coupons.code })
      .from(coupons)
      .where(eq(coupons.id, id))
      .for("update");
    if (!row) return notFound(COUPON_MESSAGES.gone);
    const [used] = await tx
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, id));
    if ((used?.n ?? 0) > 0) return conflict(COUPON_MESSAGES.usedCannotDelete);
    await tx.delete(coupons).where(eq(coupons.id, id));
    await logCoupon(tx, actor, "delete", id, `Cupón «${row.code}» eliminado`);
    return ok();
  });
}

/**
 * A coupon's usage: redemptions held and released, the discount given (held ones: released
 * orders were never paid), its orders (newest first) and the uses per customer.
 */
export async function getCouponReport(id: number) {
  const db = getDb();
  const [coupon] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!coupon) return null;
  const [sums] = await db
    .select({
      held: sql<number>`count(*) filter (where ${couponRedemptions.releasedAt} is null)`.mapWith(
        Number,
      ),
      released:
        sql<number>`count(*) filter (where ${couponRedemptions.releasedAt} is not null)`.mapWith(
          Number,
        ),
      discountCents:
        sql<number>`coalesce(sum(${couponRedemptions.discountCents}) filter (where ${couponRedemptions.releasedAt} is null), 0)`.mapWith(
          Number,
        ),
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, id));
  const redemptions = await db
    .select({
      number: orders.number,
      status: orders.status,
      ...pick(couponRedemptions, "createdAt", "email", "discountCents"),
      totalCents: orders.totalCents,
      releasedAt: couponRedemptions.releasedAt,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(eq(couponRedemptions.couponId, id))
    .orderBy(desc(couponRedemptions.createdAt), desc(couponRedemptions.id))
    .limit(COUPON_LIMITS.reportOrders);
  const customers = await db
    .select({
      email: couponRedemptions.email,
      held: sql<number>`count(*) filter (where ${couponRedemptions.releasedAt} is null)`.mapWith(
        Number,
      ),
      released:
        sql<number>`count(*) filter (where ${couponRedemptions.releasedAt} is not null)`.mapWith(
          Number,
        ),
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, id))
    .groupBy(couponRedemptions.email)
    .orderBy(desc(sql`count(*)`), asc(couponRedemptions.email))
    .limit(COUPON_LIMITS.reportOrders);
  return {
    coupon: {
      id: coupon.id,
      code: coupon.code,
      description: coupon.description,
      kind: coupon.kind,
      value: coupon.value,
      usedCount: coupon.usedCount,
      maxUses: coupon.maxUses,
      isActive: coupon.isActive,
      ...validityDays(coupon.startsAt, coupon.endsAt),
    },
    held: sums?.held ?? 0,
    released: sums?.released ?? 0,
    discountCents: sums?.discountCents ?? 0,
    discountText: formatCents(sums?.discountCents ?? 0),
    redemptions,
    customers,
  };
}
