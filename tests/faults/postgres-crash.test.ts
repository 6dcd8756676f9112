/**
 * PostgreSQL dies (pg_ctl stop -m immediate) while 20 shoppers place orders and the payment
 * provider delivers their webhooks; it starts again. Every order the shop acknowledged exists,
 * each is paid exactly once, and available + reserved + sold stock is what it was (ADR 0032).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import {
  acknowledgedOrders,
  startCrashablePostgres,
  startShoppers,
  stockLedger,
  type CrashablePostgres,
} from "../helpers/faults";
import { startServer, type TestServer } from "../helpers/server";
import { readyzBecomes, reportFigures, serverLogOnFailure, timeUntil } from "./report";

const SHOPPERS = 20;
const PORT = Number(process.env.FAULTS_PGPORT ?? 55431);

let postgres: CrashablePostgres;
let server: TestServer;
let database: DatabaseHandle;
const openLedger = () =>
  openDatabase({
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl,
    DATABASE_POOL_MAX: 1,
  });
beforeAll(async () => {
  postgres = await startCrashablePostgres(PORT);
  process.env.DATABASE_URL = postgres.url;
  server = await startServer({ seed: true });
  database = await openLedger();
});
afterAll(async () => {
  await database?.close().catch(() => undefined);
  await server?.stop();
  await postgres?.stop();
});

it("loses no acknowledged order and pays none twice across a PostgreSQL crash", async ({
  onTestFailed,
}) => {
  serverLogOnFailure(onTestFailed, () => server.output);
  const url = () => server.url;
  const before = await stockLedger(database.db);
  const shoppers = startShoppers(SHOPPERS, url);
  const { acknowledged } = shoppers;

  await timeUntil(async () => acknowledged.length >= 30, 60_000);
  const beforeCrash = acknowledged.length;
  await postgres.crash();
  const crashedAt = Date.now();
  // The shop keeps being asked while the database is down: it answers, it does not die.
  const noticed = await readyzBecomes(url, 503, 10_000);
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // an outage of a second or so
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  await postgres.start();
  const restartedAt = Date.now();
  const readyAfter = await readyzBecomes(url, 200, 30_000);
  const atRestart = acknowledged.length;
  const firstOrderAfter = await timeUntil(async () => acknowledged.length > atRestart, 30_000);
  await timeUntil(async () => acknowledged.length >= atRestart + 20, 60_000);
  await shoppers.stop();
  await shoppers.settle();

  expect(server.process.exitCode).toBeNull();
  // The ledger's own connection died with the server too.
  await database.close();
  database = await openLedger();
  const orders = await acknowledgedOrders(database.db, acknowledged);
  const after = await stockLedger(database.db);
  reportFigures("postgres-crash", {
    shoppers: SHOPPERS,
    acknowledged: acknowledged.length,
    acknowledgedBeforeCrash: beforeCrash,
    found: orders.found,
    paid: orders.paid,
    paidTwice: orders.paidTwice.length,
    checkoutsFailedOrRefused: shoppers.refused(),
    outageMs: restartedAt - crashedAt,
    readyz503AfterMs: noticed,
    readyAfterRestartMs: readyAfter,
    firstOrderAfterRestartMs: readyAfter + firstOrderAfter,
    stockBefore: before,
    stockAfter: after,
  });
  expect(orders.found).toBe(acknowledged.length);
  expect(orders.paid).toBe(acknowledged.length);
  expect(orders.paidTwice).toEqual([]);
  expect(after.total).toBe(before.total);
  expect(after.sold - before.sold).toBe(acknowledged.length);
});
