/**
 * The fault scenarios' tools (tests/faults, ADR 0032): a PostgreSQL server a test may crash
 * and start again, shoppers that place orders through HTTP and keep what was acknowledged,
 * payment webhooks delivered until the shop takes them, and the consistency checks.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import type { Database } from "~/db/client.server";
import { BrowserClient } from "./browser-client";
import { postCheckout } from "./checkout";
import { postPaidEvent } from "./payments";
import { MADRID_ADDRESS } from "./place-order";

const run = promisify(execFile);
const SCRIPT = "scripts/throwaway-postgres.sh";

export interface CrashablePostgres {
  url: string;
  /** pg_ctl stop -m immediate: every backend dies at once, no shutdown checkpoint. */
  crash(): Promise<void>;
  /** Starts it again (crash recovery replays the WAL) and waits until it accepts connections. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A throwaway PostgreSQL 15 of its own (scripts/throwaway-postgres.sh) on `port`. */
export async function startCrashablePostgres(port: number): Promise<CrashablePostgres> {
  const { stdout } = await run(SCRIPT, [], { env: { ...process.env, PGPORT: String(port) } });
  const dir = /^DIR=(.*)$/m.exec(stdout)![1]!;
  const url = /^DATABASE_URL=(.*)$/m.exec(stdout)![1]!;
  return {
    url,
    crash: () => run(SCRIPT, ["crash", dir]).then(() => undefined),
    start: () => run(SCRIPT, ["start", dir]).then(() => undefined),
    stop: () => run(SCRIPT, ["stop", dir]).then(() => undefined),
  };
}

/** Shop products on no sale with the most stock: what the shoppers buy, one unit each. */
export const FAULT_PRODUCTS = DEMO_PRODUCTS.map((product, index) => ({ product, id: index + 1 }))
  .filter(({ product }) => !product.hidden && product.salePriceCents === undefined)
  .sort((a, b) => b.product.stock - a.product.stock)
  .slice(0, 12)
  .map(({ product, id }) => ({
    id,
    // One unit to a Madrid address: free shipping from 50 € (the demo's settings), else 4,95 €.
    totalCents: product.priceCents + (product.priceCents >= 5000 ? 0 : 495),
  }));

/** An order the shop acknowledged: the checkout answered with the way to its payment. */
export interface Acknowledged {
  session: string;
  totalCents: number;
  /** The provider's event id for its payment (the same on every redelivery). */
  eventId: string;
}

/**
 * One new visitor adds one unit to the cart and checks out. Returns the order when the shop
 * acknowledged it (302 to the payment page), null when it refused or failed (not placed, as
 * far as the customer knows), and throws when the connection itself failed.
 */
export async function placeOneOrder(baseUrl: string, pick: number): Promise<Acknowledged | null> {
  const item = FAULT_PRODUCTS[pick % FAULT_PRODUCTS.length]!;
  const visitor = new BrowserClient(baseUrl);
  const added = await visitor.post("/carrito", { intent: "add", productId: String(item.id) });
  if (added.status !== 200) return null;
  const { fullName, addressLine1, postalCode, city, province } = MADRID_ADDRESS;
  const email = `fallos.${pick}@ejemplo.es`;
  const placed = await postCheckout(visitor, {
    fullName,
    email,
    addressLine1,
    postalCode,
    city,
    province,
  });
  const location = placed.headers.get("Location") ?? "";
  if (placed.status !== 302 || !location.startsWith("/pago-de-prueba?")) return null;
  const session = new URL(location, baseUrl).searchParams.get("session")!;
  return { session, totalCents: item.totalCents, eventId: `evt_fault_${session}` };
}

/**
 * Delivers the paid event of `order` as a payment provider does: again and again (every 100 ms
 * here) until the shop answers 200, or throws at the deadline. `url()` is read at each try (a
 * restarted shop listens elsewhere).
 */
export async function deliverPaidEvent(
  url: () => string,
  order: Acknowledged,
  deadlineMs: number,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const status = await postPaidEvent(url(), order.session, order.totalCents, "eur", order.eventId)
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as { handling?: string };
        if (response.status === 200 && body.handling === "review") {
          throw new Error(`payment of ${order.session} put under review: wrong amount`);
        }
        return response.status;
      })
      .catch((error: unknown) => {
        if (error instanceof Error && error.message.includes("review")) throw error;
        return 0;
      });
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`webhook for ${order.session} never accepted`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `count` shoppers placing orders one after another until `stop()`; each acknowledged order's
 * paid webhook is delivered at once (until accepted, to whatever `url()` is then).
 */
export function startShoppers(count: number, url: () => string) {
  const acknowledged: Acknowledged[] = [];
  const deliveries: Promise<void>[] = [];
  let refused = 0;
  let inFlight = 0;
  let picks = 0;
  let stopping = false;
  const shopper = async () => {
    while (!stopping) {
      inFlight += 1;
      const order = await placeOneOrder(url(), picks++).catch(() => null);
      inFlight -= 1;
      if (!order) {
        refused += 1;
        // Not at once again: a real customer reads the error first.
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      acknowledged.push(order);
      deliveries.push(deliverPaidEvent(url, order, 60_000));
    }
  };
  const running = Array.from({ length: count }, shopper);
  return {
    acknowledged,
    inFlight: () => inFlight,
    refused: () => refused,
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
    /** Waits for every webhook to be accepted, then redelivers each once (as Stripe may). */
    async settle() {
      await Promise.all(deliveries);
      for (const order of acknowledged) await deliverPaidEvent(url, order, 10_000);
    },
  };
}

/** Both drivers answer a raw query with `{ rows }` (Drizzle types the result per driver). */
const rowsOf = <Row>(result: unknown) => result as { rows: Row[] };

/** Units of the shop's stock: on the shelf, held by unpaid orders, sold. */
export async function stockLedger(db: Database) {
  const { rows } = rowsOf<{ available: string; reserved: string; sold: string }>(
    await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(stock_quantity), 0) FROM products) AS available,
      (SELECT coalesce(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.product_id IS NOT NULL AND o.stock_state = 'reserved') AS reserved,
      (SELECT coalesce(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.product_id IS NOT NULL AND o.stock_state = 'committed') AS sold`),
  );
  const row = rows[0]!;
  const ledger = {
    available: Number(row.available),
    reserved: Number(row.reserved),
    sold: Number(row.sold),
  };
  return { ...ledger, total: ledger.available + ledger.reserved + ledger.sold };
}

/**
 * What the database says of the acknowledged orders: how many exist, how many are paid, and
 * the orders marked paid more than once (status history) or with more than one payment event.
 */
export async function acknowledgedOrders(db: Database, orders: Acknowledged[]) {
  const sessions = orders.map((order) => order.session);
  if (sessions.length === 0) return { found: 0, paid: 0, paidTwice: [] };
  const { rows } = rowsOf<{ session: string; status: string; paid: string; events: string }>(
    await db.execute(sql`
    SELECT o.payment_session_id AS session, o.status,
      (SELECT count(*) FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = 'paid') AS paid,
      (SELECT count(*) FROM payment_events e WHERE e.order_id = o.id) AS events
    FROM orders o WHERE o.payment_session_id IN ${sessions}`),
  );
  return {
    found: rows.length,
    paid: rows.filter((row) => row.status === "paid").length,
    paidTwice: rows.filter((row) => Number(row.paid) > 1 || Number(row.events) > 1),
  };
}
