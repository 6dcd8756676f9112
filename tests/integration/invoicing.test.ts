/**
 * Invoices through the running shop: payments arriving at the webhook (fifty at once), the
 * admin cancelling a paid order, and `npm run invoices:verify` on the result — on PGlite, and
 * on PostgreSQL in CI's second pass.
 */
import { spawn } from "node:child_process";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { openDatabase, type Database } from "~/db/client.server";
import { madridToday } from "~/lib/dates";
import { insertOrder } from "../helpers/orders";
import { postPaidEvent } from "../helpers/payments";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const YEAR = madridToday().slice(0, 4);
const LEGAL = {
  intent: "legal",
  companyName: "Comercial Tienda, S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "+34 910 123 456",
};

let server: TestServer;
let pending: { id: number; number: string }[] = [];

beforeAll(async () => {
  server = await startServer({ seed: true });
  const { admin } = await demoSessions(server.url);
  const saved = await admin.post("/admin/configuracion", LEGAL);
  expect(saved.status).toBeLessThan(400);
  // Fifty orders waiting for their payment, as fifty checkouts would leave them.
  server = await withStoppedServer(server, async (db) => {
    pending = [];
    for (let i = 0; i < 50; i += 1) {
      pending.push(
        await insertOrder(db, {
          status: "pending_payment",
          lines: [{ name: `Artículo ${i + 1}`, unitPriceCents: 1000 + i, quantity: 1 }],
        }),
      );
    }
  });
});

afterAll(async () => {
  await server?.stop();
});

/** Runs `npm run invoices:verify` on the (stopped) server's database. */
function verifyCommand(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsx", "scripts/verify-invoices.ts"], {
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        DATABASE_URL: server.databaseUrl ?? "",
        NODE_ENV: "development",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function onDatabase<T>(task: (db: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl,
    DATABASE_POOL_MAX: 1,
  });
  try {
    return await task(database.db);
  } finally {
    await database.close();
  }
}

describe("invoices issued by the running shop", () => {
  const cancelledOrder = () => pending[7]!;

  it("fifty payments delivered at once are all taken; the admin then cancels one paid order", async () => {
    const responses = await Promise.all(
      pending.map((order, i) => postPaidEvent(server.url, `test_cs_${order.number}`, 1000 + i)),
    );
    expect(responses.map((r) => r.status)).toEqual(pending.map(() => 200));
    const { admin } = await demoSessions(server.url);
    const cancelled = await admin.post(`/admin/pedidos/${cancelledOrder().number}`, {
      from: "paid",
      to: "cancelled",
    });
    expect(cancelled.status).toBeLessThan(400);
    await server.stop({ cleanup: false });
  });

  it("F numbers 1..50, one per order; the cancelled one corrected by R…-000001 with the amounts negated", async () => {
    const rows = await onDatabase((db) =>
      db
        .select()
        .from(schema.invoices)
        .orderBy(asc(schema.invoices.series), asc(schema.invoices.number)),
    );
    const sales = rows.filter((r) => r.series === `F${YEAR}`);
    expect(sales.map((r) => r.number)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(sales.map((r) => r.orderId))).toEqual(new Set(pending.map((o) => o.id)));
    const ofCancelled = rows.filter((r) => r.orderId === cancelledOrder().id);
    expect(ofCancelled.map((i) => [i.verifactuType, i.totalCents])).toEqual([
      ["F2", 1007],
      ["R5", -1007],
    ]);
    expect(ofCancelled[1]).toMatchObject({
      fullNumber: `R${YEAR}-000001`,
      correctsInvoiceId: ofCancelled[0]!.id,
      reason: "Pedido cancelado",
    });
  });

  it("`npm run invoices:verify` holds on the shop's chain and names a tampered record", async () => {
    const good = await verifyCommand();
    expect(good.output).toContain("Cadena correcta: 51 registros de facturación y 51 facturas");
    expect(good.code).toBe(0);

    await onDatabase((db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE invoice_records DISABLE TRIGGER USER`);
        await tx.execute(
          sql`UPDATE invoice_records SET total_text = '99.99' WHERE chain_position = 23`,
        );
        await tx.execute(sql`ALTER TABLE invoice_records ENABLE TRIGGER USER`);
      }),
    );
    const bad = await verifyCommand();
    expect(bad.output).toContain(
      "Cadena rota en la posición 23 de la cadena: la huella no corresponde a los datos del registro.",
    );
    expect(bad.code).toBe(1);
  });
});
