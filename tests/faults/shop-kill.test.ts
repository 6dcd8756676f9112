/**
 * The shop is killed (SIGKILL: no shutdown, no flush) while shoppers check out and webhooks
 * arrive; it starts again on the same data and the provider redelivers the webhooks. Every
 * acknowledged order exists and is paid once, and the stock adds up — on PostgreSQL and on the
 * embedded PGlite, whose data folder must reopen (its lock names a dead process) (ADR 0032).
 */
import { afterAll, describe, expect, it } from "vitest";
import * as faults from "../helpers/faults";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { reportFigures, serverLogOnFailure, timeUntil } from "./report";

const SHOPPERS = 8;
const PORT = Number(process.env.FAULTS_PGPORT ?? 55431);

describe.each(["postgres", "pglite"] as const)("kill -9 of the shop on %s", (kind) => {
  let postgres: faults.CrashablePostgres | undefined;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await postgres?.stop();
  });

  it("keeps every acknowledged order, pays each once and keeps the stock", async ({
    onTestFailed,
  }) => {
    serverLogOnFailure(onTestFailed, () => server?.output);
    if (kind === "postgres") {
      postgres = await faults.startCrashablePostgres(PORT);
      process.env.DATABASE_URL = postgres.url;
    } else {
      delete process.env.DATABASE_URL;
    }
    let shop = await startServer({ seed: true });
    server = shop;
    // PGlite admits one process: the ledger is read with the shop stopped.
    let before = { available: 0, reserved: 0, sold: 0, total: 0 };
    shop = server = await withStoppedServer(
      shop,
      async (db) => (before = await faults.stockLedger(db)),
    );

    const shoppers = faults.startShoppers(SHOPPERS, () => shop.url);
    const { acknowledged } = shoppers;
    await timeUntil(async () => acknowledged.length >= 20, 60_000);

    const checkoutsInFlight = shoppers.inFlight();
    shop.process.kill("SIGKILL");
    await shoppers.stop();
    const acknowledgedBeforeKill = acknowledged.length;
    const restarting = Date.now();
    shop = server = await shop.restart();
    const restartMs = Date.now() - restarting;
    // Webhooks that were refused while it was down arrive again, and each one once more.
    await shoppers.settle();
    // It takes orders again.
    const next = await faults.placeOneOrder(shop.url, acknowledged.length + 1000);
    expect(next).not.toBeNull();
    acknowledged.push(next!);
    await faults.deliverPaidEvent(() => shop.url, next!, 10_000);

    let orders = { found: 0, paid: 0, paidTwice: [] as unknown[] };
    let after = before;
    shop = server = await withStoppedServer(shop, async (db) => {
      orders = await faults.acknowledgedOrders(db, acknowledged);
      after = await faults.stockLedger(db);
    });
    reportFigures(`shop-kill-${kind}`, {
      shoppers: SHOPPERS,
      checkoutsInFlightAtKill: checkoutsInFlight,
      acknowledgedBeforeKill,
      acknowledged: acknowledged.length,
      found: orders.found,
      paid: orders.paid,
      paidTwice: orders.paidTwice.length,
      restartMs,
      stockBefore: before,
      stockAfter: after,
    });
    expect(checkoutsInFlight).toBeGreaterThan(0);
    expect(orders.found).toBe(acknowledged.length);
    expect(orders.paid).toBe(acknowledged.length);
    expect(orders.paidTwice).toEqual([]);
    expect(after.total).toBe(before.total);
  });
});
