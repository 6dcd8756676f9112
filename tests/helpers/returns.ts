/**
 * Returns inserted straight into a database (admin returns tests): a return of some units of
 * an order's lines, at the status and dates a test needs, without the customer's form.
 */
import { asc, eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import type { Database } from "~/db/client.server";
import type { ReturnKind, ReturnStatus } from "~/modules/returns/status";

let sequence = 0;

const DAY_MS = 24 * 60 * 60_000;

export interface ReturnFixture {
  orderId: number;
  kind?: ReturnKind;
  status?: ReturnStatus;
  reason?: string | null;
  requestedAt?: Date;
  /** Units per order line, in the order's line order; default: every unit of every line. */
  quantities?: number[];
  rejectionReason?: string;
}

/** A unique return number in the shop's format ("D-2026-…"). */
export function fixtureReturnNumber(): string {
  sequence += 1;
  return `D-2026-R${process.pid.toString(36).toUpperCase()}${String(sequence).padStart(4, "0")}`;
}

/** Inserts one return with its items and a first history row; returns its id and number. */
export async function insertReturn(db: Database, fixture: ReturnFixture) {
  const requestedAt = fixture.requestedAt ?? new Date();
  const status = fixture.status ?? "requested";
  const [row] = await db
    .insert(schema.returns)
    .values({
      number: fixtureReturnNumber(),
      orderId: fixture.orderId,
      kind: fixture.kind ?? "withdrawal",
      status,
      reason: fixture.reason ?? null,
      channel: "account",
      requestedAt,
      refundDueAt: new Date(requestedAt.getTime() + 14 * DAY_MS),
      rejectionReason: status === "rejected" ? (fixture.rejectionReason ?? "Fuera de plazo") : null,
    })
    .returning({ id: schema.returns.id, number: schema.returns.number });
  const lines = await db
    .select({ id: schema.orderItems.id, quantity: schema.orderItems.quantity })
    .from(schema.orderItems)
    .where(eq(schema.orderItems.orderId, fixture.orderId))
    .orderBy(asc(schema.orderItems.id));
  const items = lines
    .map((line, i) => ({
      returnId: row!.id,
      orderItemId: line.id,
      quantity: fixture.quantities?.[i] ?? line.quantity,
    }))
    .filter((item) => item.quantity > 0);
  await db.insert(schema.returnItems).values(items);
  await db.insert(schema.returnStatusHistory).values({
    returnId: row!.id,
    fromStatus: null,
    toStatus: status,
    createdAt: requestedAt,
  });
  return row!;
}

/** A sold marketplace item (as after its order was paid). */
export async function insertSoldMarketplaceItem(db: Database, name = "Bicicleta usada") {
  const [row] = await db
    .insert(schema.marketplaceProducts)
    .values({
      name,
      description: "Artículo de segunda mano para probar devoluciones.",
      priceCents: 12000,
      marketplaceCondition: "good",
      isApprovedByAdmin: true,
      isSold: true,
    })
    .returning({ id: schema.marketplaceProducts.id });
  return row!.id;
}

/** Makes an order's line `index` the sale of marketplace item `itemId` (insertOrder has no such line). */
export async function linkMarketplaceLine(
  db: Database,
  orderId: number,
  itemId: number,
  index = 0,
) {
  const lines = await db
    .select({ id: schema.orderItems.id })
    .from(schema.orderItems)
    .where(eq(schema.orderItems.orderId, orderId))
    .orderBy(asc(schema.orderItems.id));
  await db
    .update(schema.orderItems)
    .set({ marketplaceProductId: itemId, productId: null })
    .where(eq(schema.orderItems.id, lines[index]!.id));
}
