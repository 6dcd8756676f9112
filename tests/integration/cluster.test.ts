/**
 * Two production processes on one PostgreSQL database (README «Scaling out», ADR 0031), proven
 * through HTTP: sessions, carts and rate limits are shared; a settings change or a product edit
 * on one shows at once on the other, page cache included; a promotion reaches each recipient
 * once; each periodic job runs once per period across both. PostgreSQL only: the embedded
 * database allows one process.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/lib/constants";
import { DEMO_CUSTOMER_EMAIL, DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { postFormsOf } from "../helpers/forms";
import { textOf } from "../helpers/html";
import { startSmtpServer, type TestSmtpServer } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

/** Every periodic job's period in this file (SCHEDULED_JOBS_PERIOD_MS). */
const PERIOD_MS = 1000;
const SETTINGS = "/admin/configuracion";
/** Cheap and at full price: under the free-shipping threshold, so the cart pays shipping. */
const PRODUCT_ID =
  DEMO_PRODUCTS.findIndex(
    (p) => !p.hidden && p.stock >= 5 && p.salePriceCents === undefined && p.priceCents < 3000,
  ) + 1;

/** The same signed-in browser, talking to the other instance. */
function sameBrowserOn(client: BrowserClient, baseUrl: string) {
  const other = new BrowserClient(baseUrl);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

function shippingForm(flatRate: string, freeFrom: string): Record<string, string> {
  const fields: Record<string, string> = { intent: "shipping" };
  for (const zone of ["peninsula", "baleares", "canarias", "ceuta", "melilla"]) {
    fields[`zones.${zone}.enabled`] = "on";
    fields[`zones.${zone}.flatRate`] = zone === "peninsula" ? flatRate : "14,95";
    fields[`zones.${zone}.freeFrom`] = zone === "peninsula" ? freeFrom : "";
  }
  return fields;
}

// Skipped without DATABASE_URL: the embedded database (PGlite) allows one process per folder.
describe.skipIf(!process.env.DATABASE_URL)(
  "two instances on one PostgreSQL (DATABASE_URL only)",
  () => {
    let smtp: TestSmtpServer;
    let a: TestServer;
    let b: TestServer;
    let db: pg.Client;
    let adminOnA: BrowserClient;
    let customerOnA: BrowserClient;
    const query = async <T>(text: string, values: unknown[] = []) =>
      (await db.query(text, values)).rows as T[];

    beforeAll(async () => {
      smtp = await startSmtpServer();
      a = await startServer({
        seed: true,
        env: { SMTP_URL: smtp.url, SCHEDULED_JOBS_PERIOD_MS: String(PERIOD_MS) },
      });
      b = await a.startPeer();
      db = new pg.Client({ connectionString: a.databaseUrl });
      await db.connect();
      ({ admin: adminOnA, customer: customerOnA } = await demoSessions(a.url));
    });
    afterAll(async () => {
      await db?.end();
      await b?.stop({ cleanup: false });
      await a?.stop();
      await smtp?.close();
    });

    it("a session made on one instance is valid on the other, and so is its cart", async () => {
      const customerOnB = sameBrowserOn(customerOnA, b.url);
      const profile = await customerOnB.get("/perfil");
      expect(profile.status).toBe(200);
      expect(textOf(await profile.text())).toContain(DEMO_CUSTOMER_EMAIL);

      const added = await customerOnA.post("/carrito", {
        intent: "add",
        productId: String(PRODUCT_ID),
      });
      expect(added.status).toBeLessThan(400);
      const cart = textOf(await (await customerOnB.get("/checkout")).text());
      expect(cart).toContain(DEMO_PRODUCTS[PRODUCT_ID - 1]!.name);
    });

    it("rate limits count across both instances", async () => {
      const email = `nadie-${Date.now()}@cluster.test`;
      const address = "2001:db8::c1:5";
      const rule = RATE_LIMITS.passwordResetPerEmailIp;
      const statuses: number[] = [];
      for (let i = 0; i <= rule.limit; i += 1) {
        const client = new BrowserClient(i % 2 === 0 ? a.url : b.url);
        const response = await client.post(
          "/recuperar-contrasena",
          { email },
          { "X-Forwarded-For": address },
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array<number>(rule.limit).fill(302), 429]);
    });

    it("maintenance and shipping saved on one instance apply at once on the other, page cache included", async () => {
      const visitorOnB = new BrowserClient(b.url);
      await visitorOnB.get("/productos");
      expect((await visitorOnB.get("/productos")).headers.get("Server-Timing")).toContain(
        'cache;desc="hit"',
      );
      expect((await adminOnA.post(SETTINGS, { intent: "maintenance", enabled: "on" })).status).toBe(
        302,
      );
      const closed = await visitorOnB.get("/productos");
      expect(closed.status).toBe(503);
      expect(textOf(await closed.text())).toContain("Estamos en mantenimiento");
      expect((await adminOnA.post(SETTINGS, { intent: "maintenance" })).status).toBe(302);
      expect((await visitorOnB.get("/productos")).status).toBe(200);

      const customerOnB = sameBrowserOn(customerOnA, b.url);
      const checkoutText = async () => textOf(await (await customerOnB.get("/checkout")).text());
      expect(await checkoutText()).toMatch(/Envío 4,95\s€ .*Envío gratis a partir de 50,00\s€/);
      expect((await adminOnA.post(SETTINGS, shippingForm("5,25", "80,00"))).status).toBe(302);
      expect(await checkoutText()).toMatch(/Envío 5,25\s€ .*Envío gratis a partir de 80,00\s€/);
    });

    it("a product edited on one instance shows at once on the other, page cache included", async () => {
      const visitorOnB = new BrowserClient(b.url);
      const canonical = (await visitorOnB.get(`/productos/x/x-${PRODUCT_ID}`)).headers.get(
        "Location",
      )!;
      await visitorOnB.get(canonical);
      expect((await visitorOnB.get(canonical)).headers.get("Server-Timing")).toContain(
        'cache;desc="hit"',
      );

      const editUrl = `/admin/productos?editar=${PRODUCT_ID}`;
      const form = postFormsOf(await (await adminOnA.get(editUrl)).text(), editUrl).find((f) =>
        f.fields.some(([name, value]) => name === "intent" && value === "update"),
      )!;
      const newName = `Producto renombrado ${Date.now()}`;
      const body = new URLSearchParams(
        form.fields.map(([name, value]) => [name, name === "name" ? newName : value]),
      );
      const saved = await adminOnA.postBody(editUrl, body);
      expect(saved.status).toBe(302);

      // The old address now redirects to the new slug; the page there carries the new name.
      const moved = await visitorOnB.get(canonical);
      expect(moved.status).toBe(301);
      const page = await visitorOnB.get(moved.headers.get("Location")!);
      expect(page.status).toBe(200);
      expect(textOf(await page.text())).toContain(newName);
    });

    it("a promotion sent while both run reaches every recipient exactly once", async () => {
      const subscribers = 60;
      await db.query(
        `INSERT INTO newsletter_subscribers (email, confirmed_at)
       SELECT 'suscriptor' || g || '@cluster.test', now() FROM generate_series(1, $1) g`,
        [subscribers],
      );
      const title = `Rebajas de clúster ${Date.now()}`;
      const reviewed = await adminOnA.post("/admin/promociones", {
        intent: "review",
        title,
        body: "Texto",
      });
      expect(reviewed.status).toBe(302);
      const html = await (await adminOnA.get(reviewed.headers.get("Location")!)).text();
      const sent = await adminOnA.post("/admin/promociones", {
        intent: "send",
        id: /name="id" value="(\d+)"/.exec(html)![1]!,
        version: /name="version" value="([^"]+)"/.exec(html)?.[1] ?? "",
      });
      expect(sent.status).toBe(302);

      const status = async () =>
        (
          await query<{ status: string }>(`SELECT status FROM promotions WHERE title = $1`, [title])
        )[0]?.status;
      await expect.poll(status, { timeout: 20_000, interval: 100 }).toBe("sent");
      const to = smtp.messages
        .filter((m) => m.subject === title)
        .flatMap((m) => m.envelopeTo ?? []);
      // Every queued recipient got it, once.
      const queued = (
        await query<{ to_email: string }>(
          `SELECT o.to_email FROM email_outbox o JOIN promotions p ON p.id = o.promotion_id
          WHERE p.title = $1`,
          [title],
        )
      ).map((row) => row.to_email.toLowerCase());
      expect(queued.length).toBeGreaterThan(subscribers);
      expect(to.toSorted()).toEqual(queued.toSorted());
    });

    it("each periodic job runs once per period across both instances, not once per instance", async () => {
      const counts = () =>
        query<{ name: string; run_count: number; last_error: string | null }>(
          `SELECT name, run_count, last_error FROM scheduled_jobs ORDER BY name`,
        );
      const before = new Map((await counts()).map((row) => [row.name, row.run_count]));
      expect([...before.keys()]).toEqual([
        "expire-reservations",
        "issue-pending-invoices",
        "recover-outbox",
        "retry-queued-mail",
        "sweep-unused-images",
        "sweep-visitor-carts",
      ]);
      const started = Date.now();
      const periods = 5;
      await expect
        .poll(
          async () =>
            (await counts()).every((row) => row.run_count >= before.get(row.name)! + periods),
          { timeout: 20_000, interval: 100 },
        )
        .toBe(true);
      const after = await counts();
      const elapsedPeriods = (Date.now() - started) / PERIOD_MS;
      for (const row of after) {
        const runs = row.run_count - before.get(row.name)!;
        // One run per period (give or take the one under way); two instances each running it
        // would make about twice as many.
        expect(runs, row.name).toBeLessThanOrEqual(Math.ceil(elapsedPeriods) + 1);
        expect(row.last_error, row.name).toBeNull();
      }
      // Both instances take part (whichever ticks first claims a period).
      const seen: string[] = [];
      await expect
        .poll(
          async () => {
            const rows = await query<{ last_instance: string }>(
              `SELECT last_instance FROM scheduled_jobs`,
            );
            seen.push(...rows.map((row) => row.last_instance));
            return new Set(seen).size;
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBe(2);
    });
  },
);
