/**
 * npm run db:export-to-postgres (ADR 0033): a shop that started on the embedded database moves
 * to PostgreSQL with its products, orders and accounts. Needs a PostgreSQL server: CI's
 * PostgreSQL run (DATABASE_URL) has one; the copy goes into a new database on it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
} from "~/db/seed/demo-data";
import { createPostgresDatabase } from "../helpers/postgres";
import { textOf } from "../helpers/html";
import { placePaidOrder } from "../helpers/paid-order";
import { runScript } from "../helpers/run-script";
import { startServer, startServerOn, type TestServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";

let embedded: TestServer | undefined;
let moved: TestServer | undefined;
let target: Awaited<ReturnType<typeof createPostgresDatabase>> = null;

describe.skipIf(!process.env.DATABASE_URL)(
  "db:export-to-postgres (needs PostgreSQL: runs in the DATABASE_URL pass)",
  () => {
    beforeAll(async () => {
      embedded = await startServer({ seed: true, embedded: true });
      target = await createPostgresDatabase();
    }, 180_000);
    afterAll(async () => {
      await moved?.stop({ cleanup: false });
      await embedded?.stop();
      await target?.drop();
    });

    it("copies the embedded shop into an empty PostgreSQL database; the shop runs on it", async () => {
      const number = await placePaidOrder(embedded!.url);
      const catalogue = textOf(await (await fetch(`${embedded!.url}/productos`)).text());
      await embedded!.stop({ cleanup: false });

      const exported = await runScript("scripts/db-export-to-postgres.ts", [], {
        DATA_DIR: embedded!.dataDir,
        DATABASE_URL: target!.url,
      });
      expect(exported.output).toMatch(/Copiadas \d+ tablas/);
      expect(exported.code).toBe(0);
      // A second export would mix two shops: refused.
      const again = await runScript("scripts/db-export-to-postgres.ts", [], {
        DATA_DIR: embedded!.dataDir,
        DATABASE_URL: target!.url,
      });
      expect(again.code).toBe(1);
      expect(again.output).toContain("La base de datos de destino no está vacía");

      moved = await startServerOn(embedded!.dataDir, target!.url);
      expect(textOf(await (await fetch(`${moved.url}/productos`)).text())).toBe(catalogue);
      const admin = await signedIn(moved.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
      const order = await admin.get(`/admin/pedidos/${number}`);
      expect(order.status).toBe(200);
      const customer = await signedIn(moved.url, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);
      expect((await customer.get("/perfil")).status).toBe(200);
      // The sequences continue after the copied ids: new rows can be written.
      expect(await placePaidOrder(moved.url)).not.toBe(number);
    }, 240_000);
  },
);
