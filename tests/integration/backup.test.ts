/**
 * npm run db:backup / db:restore (ADR 0033): a backup made while the shop serves requests,
 * restored into a new folder, serves the same order and image.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { storedFilesOf, uploadTestImage } from "../helpers/images";
import { BUYER, placePaidOrder } from "../helpers/paid-order";
import { runScript } from "../helpers/run-script";
import { startServer, startServerOn, type TestServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-copia-"));
let server: TestServer;
let restored: TestServer | undefined;

// The embedded database's backup; the PostgreSQL run has pg_dump for that (README).
describe.skipIf(Boolean(process.env.DATABASE_URL))("db:backup and db:restore", () => {
  beforeAll(async () => {
    server = await startServer({ seed: true });
  });
  afterAll(async () => {
    await server?.stop();
    await restored?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it("backs up while the shop serves requests; the restored folder serves the order and the image", async () => {
    const admin = await signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const imageKey = await uploadTestImage(admin, "#2a7");
    const [imageFile] = storedFilesOf(server.dataDir, imageKey);
    const imageBytes = Buffer.from(await (await admin.get(`/uploads/${imageFile}`)).arrayBuffer());
    const number = await placePaidOrder(server.url);

    // Visitors keep browsing and filling carts (writes) for as long as the backup runs.
    const file = path.join(workDir, "copia.tar.gz");
    let backupDone = false;
    const statuses: number[] = [];
    const traffic = (async () => {
      while (!backupDone) {
        // A new visitor each time: each add writes a new cart.
        const visitor = new BrowserClient(server.url);
        statuses.push((await visitor.get("/productos")).status);
        statuses.push((await visitor.post("/carrito", { intent: "add", productId: "1" })).status);
      }
    })();
    const backup = await runScript("scripts/db-backup.ts", [file], { DATA_DIR: server.dataDir });
    backupDone = true;
    await traffic;
    expect(backup.output).toContain("hecha por la tienda en marcha");
    expect(backup.code).toBe(0);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200 && status !== 302)).toEqual([]);

    // The running shop's folder is not an empty one: refused, nothing changed.
    const refused = await runScript("scripts/db-restore.ts", [file], { DATA_DIR: server.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Error: La base de datos embebida de .* está en uso/);

    const target = path.join(workDir, "restaurada");
    const restore = await runScript("scripts/db-restore.ts", [file], { DATA_DIR: target });
    expect(restore.output).toContain("restaurada en");
    expect(restore.code).toBe(0);

    restored = await startServerOn(target);
    const restoredAdmin = await signedIn(restored.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
    const order = await restoredAdmin.get(`/admin/pedidos/${number}`);
    expect(order.status).toBe(200);
    expect(await order.text()).toContain(BUYER.email);
    const image = await new BrowserClient(restored.url).get(`/uploads/${imageFile}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(imageBytes)).toBe(true);
  }, 180_000);

  it("refuses a file that is not a backup, leaving the folder empty", async () => {
    const file = path.join(workDir, "no-es-copia.tar.gz");
    fs.writeFileSync(file, "esto no es una copia");
    const target = path.join(workDir, "vacia");
    const result = await runScript("scripts/db-restore.ts", [file], { DATA_DIR: target });
    expect(result.code).toBe(1);
    expect(result.output).toContain("no es una copia de seguridad válida");
    expect(fs.readdirSync(target)).toEqual([]);
  }, 60_000);
});
