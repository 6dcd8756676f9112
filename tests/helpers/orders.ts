/**
 * Orders inserted straight into a database (part B tests): the status, stock state,
 * dates and lines a test needs, without going through the cart and payment.
 */
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import type { Database } from "~/db/client.server";
import type { OrderStatus } from "~/modules/orders/status";

let sequence = 0;

export interface OrderFixture {
  number?: string;
  userId?: string | null;
  email?: string;
  fullName?: string;
  status?: OrderStatus;
  stockState?: "reserved" | "committed" | "released";
  createdAt?: Date;
  paidAt?: Date | null;
  trackingNumber?: string | null;
  needsRefund?: boolean;
  shippingCents?: number;
  lines?: {
    productId?: number | null;
    name?: string;
    imageKey?: string | null;
    unitPriceCents: number;
    quantity: number;
    /** Default 2100 (21 %). */
    vatRateBp?: number;
    usedGoodsScheme?: boolean;
  }[];
  /** A complete invoice asked for at checkout. */
  billing?: { name: string; taxId: string; address: string };
}

/** A unique order number in the shop's format. */
export function fixtureOrderNumber(): string {
  sequence += 1;
  return `P-2026-T${process.pid.toString(36).toUpperCase()}${String(sequence).padStart(4, "0")}`;
}

/** Inserts one order with its lines and a first history row; returns its id and number. */
export async function insertOrder(db: Database, fixture: OrderFixture = {}) {
  const lines = (
    fixture.lines ?? [{ name: "Producto de prueba", unitPriceCents: 1000, quantity: 1 }]
  ).map((line, i) => ({
    productId: line.productId ?? null,
    name: line.name ?? `Producto de prueba ${i + 1}`,
    imageKey: line.imageKey ?? null,
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    vatRateBp: line.vatRateBp ?? 2100,
    usedGoodsScheme: line.usedGoodsScheme ?? false,
    lineTotalCents: line.unitPriceCents * line.quantity,
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const shippingCents = fixture.shippingCents ?? 0;
  const totalCents = subtotalCents + shippingCents;
  const status = fixture.status ?? "paid";
  const createdAt = fixture.createdAt ?? new Date();
  const number = fixture.number ?? fixtureOrderNumber();
  const [order] = await db
    .insert(schema.orders)
    .values({
      number,
      userId: fixture.userId ?? null,
      email: fixture.email ?? "invitada@ejemplo.es",
      fullName: fixture.fullName ?? "Ana Pérez Gil",
      phone: "600123123",
      addressLine1: "Calle Mayor 1",
      postalCode: "28013",
      city: "Madrid",
      province: "Madrid",
      status,
      stockState:
        fixture.stockState ??
        (status === "pending_payment"
          ? "reserved"
          : status === "cancelled"
            ? "released"
            : "committed"),
      reservedUntil: new Date(createdAt.getTime() + 30 * 60_000),
      subtotalCents,
      shippingCents,
      totalCents,
      vatCents: totalCents - Math.round(totalCents / 1.21),
      paymentProvider: "test",
      paymentSessionId: `test_cs_${number}`,
      paidAt:
        fixture.paidAt !== undefined
          ? fixture.paidAt
          : status === "pending_payment"
            ? null
            : createdAt,
      trackingNumber: fixture.trackingNumber ?? null,
      needsRefund: fixture.needsRefund ?? false,
      billingName: fixture.billing?.name ?? null,
      billingTaxId: fixture.billing?.taxId ?? null,
      billingAddress: fixture.billing?.address ?? null,
      createdAt,
    })
    .returning({ id: schema.orders.id, number: schema.orders.number });
  await db.insert(schema.orderItems).values(lines.map((line) => ({ ...line, orderId: order!.id })));
  await db.insert(schema.orderStatusHistory).values({
    orderId: order!.id,
    fromStatus: null,
    toStatus: status,
    createdAt,
  });
  return order!;
}

/** A product with `stockQuantity` units (for orders that hold stock). */
export async function insertProduct(db: Database, stockQuantity: number, priceCents = 1000) {
  return insertProductWith(db, { stockQuantity, priceCents });
}

/** A visible product, 10 € with 10 units in stock unless `values` say otherwise. */
export async function insertProductWith(
  db: Database,
  values: Partial<typeof schema.products.$inferInsert> = {},
) {
  sequence += 1;
  const [row] = await db
    .insert(schema.products)
    .values({
      name: `Producto fixture ${sequence}`,
      description: "Para probar pedidos.",
      priceCents: 1000,
      stockQuantity: 10,
      ...values,
    })
    .returning({ id: schema.products.id });
  return row!.id;
}

/** The units a product has in stock now. */
export async function stockOf(db: Database, productId: number): Promise<number> {
  const [row] = await db
    .select({ stock: schema.products.stockQuantity })
    .from(schema.products)
    .where(eq(schema.products.id, productId));
  return row!.stock;
}
