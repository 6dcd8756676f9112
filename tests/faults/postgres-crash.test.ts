/**
 * PostgreSQL dies (pg_ctl stop -m immediate) while 20 shoppers place orders and the payment
 * provider delivers their webhooks; it starts again. Every order the shop acknowledged exists,
 * each is paid exactly once, and available + reserved + sold stock is what it was (ADR 0032).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import {
  acknowledgedOrders,
  deliverPaidEvent,
  placeOneOrder,
  startCrashablePostgres,
  stockLedger,
  type Acknowledged,
  type CrashablePostgres,
} from "../helpers/faults";
import { startServer, type TestServer } from "../helpers/server";
import { reportFigures, timeUntil } from "./report";

const SHOPPERS = 20;
const PORT = Number(process.env.FAULTS_PGPORT ?? 55431);

let postgres: CrashablePostgres;
let server: TestServer;
let database: DatabaseHandle;
beforeAll(async () => {
  postgres = await startCrashablePostgres(PORT);
  process.env.DATABASE_URL = postgres.url;
  server = await startServer({ seed: true });
  database = await openDatabase({
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl,
    DATABASE_POOL_MAX: 1,
  });
});
afterAll(async () => {
  await database?.close().catch(() => undefined);
  await server?.stop();
  await postgres?.stop();
});

it("loses no acknowledged order and pays none twice across a PostgreSQL crash", async ({
  onTestFailed,
}) => {
  onTestFailed(() => {
    const lines = server.output.filter((line) => !line.includes('"msg":"request"'));
    console.log(lines.slice(-40).join("\n"));
  });
  const before = await stockLedger(database.db);
  const acknowledged: Acknowledged[] = [];
  const deliveries: Promise<void>[] = [];
  let failedDuringOutage = 0;
  let stopping = false;
  let picks = 0;

  const shopper = async () => {
    while (!stopping) {
      const order = await placeOneOrder(server.url, picks++).catch(() => null);
      if (!order) {
        failedDuringOutage += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      acknowledged.push(order);
      // The provider's webhook arrives while others still check out.
      deliveries.push(deliverPaidEvent(() => server.url, order, 60_000));
    }
  };
  const shoppers = Array.from({ length: SHOPPERS }, shopper);

  await timeUntil(async () => acknowledged.length >= 30, 60_000);
  const beforeCrash = acknowledged.length;
  await postgres.crash();
  const crashedAt = Date.now();
  // The shop keeps being asked while the database is down: it answers, it does not die.
  const noticed = await timeUntil(
    async () =>
      (await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2_000) })).status === 503,
    10_000,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // an outage of a second or so
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  await postgres.start();
  const restartedAt = Date.now();
  const readyAfter = await timeUntil(
    async () =>
      (await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2_000) })).status === 200,
    30_000,
  );
  const acknowledgedAtRestart = acknowledged.length;
  const firstOrderAfter = await timeUntil(
    async () => acknowledged.length > acknowledgedAtRestart,
    30_000,
  );
  await timeUntil(async () => acknowledged.length >= acknowledgedAtRestart + 20, 60_000);
  stopping = true;
  await Promise.all(shoppers);
  await Promise.all(deliveries);
  // The provider redelivers every event once more (as Stripe does when unsure): no effect.
  for (const order of acknowledged) await deliverPaidEvent(() => server.url, order, 10_000);

  expect(server.process.exitCode).toBeNull();
  await database.close();
  database = await openDatabase({
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl,
    DATABASE_POOL_MAX: 1,
  });
  const orders = await acknowledgedOrders(database.db, acknowledged);
  const after = await stockLedger(database.db);
  const figures = {
    shoppers: SHOPPERS,
    acknowledged: acknowledged.length,
    acknowledgedBeforeCrash: beforeCrash,
    found: orders.found,
    paid: orders.paid,
    paidTwice: orders.paidTwice.length,
    requestsFailedOrRefused: failedDuringOutage,
    outageMs: restartedAt - crashedAt,
    readyz503AfterMs: noticed,
    readyAfterRestartMs: readyAfter,
    firstOrderAfterRestartMs: readyAfter + firstOrderAfter,
    stockBefore: before,
    stockAfter: after,
  };
  reportFigures("postgres-crash", figures);
  expect(orders.found).toBe(acknowledged.length);
  expect(orders.paid).toBe(acknowledged.length);
  expect(orders.paidTwice).toEqual([]);
  expect(after.total).toBe(before.total);
  expect(after.sold - before.sold).toBe(acknowledged.length);
});
