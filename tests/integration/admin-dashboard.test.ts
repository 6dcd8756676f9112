import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "~/db/seed/demo-data";
import { openDatabase, type Database } from "~/db/client.server";
import { recordActivity } from "~/modules/activity/activity.server";
import { getLatestActivity } from "~/modules/activity/log.server";
import { getDashboardStats } from "~/modules/analytics/dashboard.server";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/** The four figures, counted with plain SQL written apart from the code under test. */
async function independentCounts(db: Database) {
  const one = async (query: ReturnType<typeof sql>) => {
    // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
    const result = (await db.execute(query)) as unknown as { rows: { n: string | number }[] };
    return Number(result.rows[0]!.n);
  };
  return {
    products: await one(sql`SELECT count(*) AS n FROM products`),
    visibleProducts: await one(
      sql`SELECT count(*) AS n FROM products WHERE is_publicly_visible = true`,
    ),
    lowStock: await one(
      sql`SELECT count(*) AS n FROM products WHERE minimum_stock_level > 0 AND stock_quantity <= minimum_stock_level`,
    ),
    customers: await one(sql`SELECT count(*) AS n FROM users WHERE role = 'customer'`),
    newCustomers: await one(
      sql`SELECT count(*) AS n FROM users WHERE role = 'customer' AND created_at >= now() - interval '30 days'`,
    ),
    pendingMarketplace: await one(
      sql`SELECT count(*) AS n FROM marketplace_products WHERE is_approved_by_admin = false`,
    ),
  };
}

const daysAgo = (days: number, minutes = 0) =>
  new Date(Date.now() - days * 24 * 60 * 60 * 1000 - minutes * 60 * 1000);

describe("dashboard figures and activity (domain, on a database of known content)", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  it("starts at zero on an empty shop", async () => {
    expect(await getDashboardStats()).toEqual({
      products: 0,
      visibleProducts: 0,
      lowStock: 0,
      customers: 0,
      newCustomers: 0,
      pendingMarketplace: 0,
    });
    expect(await getLatestActivity(8)).toEqual([]);
  });

  it("counts what the database holds, with the spec's low-stock rule", async () => {
    const db = testDb.handle.db;
    const [category] = await db
      .insert(schema.categories)
      .values({ name: "Audio", slug: "audio" })
      .returning({ id: schema.categories.id });
    const product = (
      name: string,
      stockQuantity: number,
      minimumStockLevel: number,
      extra: Partial<typeof schema.products.$inferInsert> = {},
    ) => ({
      name,
      description: "Descripción",
      priceCents: 1000,
      categoryId: category!.id,
      stockQuantity,
      minimumStockLevel,
      ...extra,
    });
    await db.insert(schema.products).values([
      product("Por debajo del mínimo", 1, 5, { createdAt: daysAgo(3) }),
      product("Justo en el mínimo", 5, 5, { createdAt: daysAgo(2) }),
      product("Agotado con mínimo", 0, 2, { createdAt: daysAgo(4) }),
      // Minimum 0: never low stock, even with no stock at all.
      product("Sin mínimo y sin stock", 0, 0, { createdAt: daysAgo(5) }),
      product("Por encima del mínimo", 9, 5, { createdAt: daysAgo(6) }),
      product("Oculto", 1, 3, { isPubliclyVisible: false, createdAt: daysAgo(0, 30) }),
    ]);
    await db.insert(schema.users).values([
      { id: "u-admin", name: "Ana Admin", email: "ana@t.es", role: "admin", createdAt: daysAgo(1) },
      { id: "u-new", name: "Nuevo Cliente", email: "nuevo@t.es", createdAt: daysAgo(0, 10) },
      { id: "u-old", name: "Cliente Antiguo", email: "antiguo@t.es", createdAt: daysAgo(45) },
      {
        id: "u-banned",
        name: "Cliente Inactivo",
        email: "inactivo@t.es",
        banned: true,
        createdAt: daysAgo(10),
      },
    ]);
    await db.insert(schema.marketplaceProducts).values([
      { name: "Pendiente 1", description: "d", marketplaceCondition: "good" },
      { name: "Pendiente 2", description: "d", marketplaceCondition: "excellent" },
      {
        name: "Aprobado",
        description: "d",
        marketplaceCondition: "good",
        isApprovedByAdmin: true,
      },
    ]);

    const stats = await getDashboardStats();
    expect(stats).toEqual(await independentCounts(db));
    // And the numbers a person counts by hand from the rows above.
    expect(stats).toEqual({
      products: 6,
      visibleProducts: 5,
      lowStock: 4,
      customers: 3,
      newCustomers: 2,
      pendingMarketplace: 2,
    });
  });

  it("lists the activity log's newest lines, newest first, linking to what still exists", async () => {
    const db = testDb.handle.db;
    const [kept] = await db
      .select({ id: schema.products.id })
      .from(schema.products)
      .where(sql`${schema.products.name} = 'Justo en el mínimo'`);
    const admin = { id: "u-admin", email: "ana@t.es" };
    for (let i = 0; i < 9; i += 1) {
      await recordActivity(admin, {
        action: "update",
        entityType: "product",
        entityId: kept!.id,
        summary: `Producto «Justo en el mínimo» actualizado ${i}`,
      });
    }
    await recordActivity(admin, {
      action: "delete",
      entityType: "product",
      entityId: 999999,
      summary: "Producto «Borrado» eliminado",
    });
    const lines = await getLatestActivity(8);
    expect(lines).toHaveLength(8);
    expect(lines.map((l) => l.summary)).toEqual([
      "Producto «Borrado» eliminado",
      ...[8, 7, 6, 5, 4, 3, 2].map((i) => `Producto «Justo en el mínimo» actualizado ${i}`),
    ]);
    // A deleted product has no page to open; an existing one opens in its edit dialog.
    expect(lines[0]).toMatchObject({
      href: null,
      actorEmail: "ana@t.es",
      entityLabel: "Productos",
    });
    expect(lines[1]).toMatchObject({ href: `/admin/productos?editar=${kept!.id}` });
    expect(lines[0]!.atLabel).toMatch(/\d{4}, \d{2}:\d{2}$/);
  });
});

describe("dashboard page on the demo data", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ seed: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows the four figures the database holds, recent activity and quick links", async () => {
    const admin = new BrowserClient(server.url);
    const login = await admin.post("/login", {
      email: DEMO_ADMIN_EMAIL,
      password: DEMO_ADMIN_PASSWORD,
    });
    expect(login.status).toBe(302);
    const response = await admin.get("/admin/dashboard");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await response.text();
    const figure = (label: string) => {
      const match = new RegExp(`>${label}(?:</a>)?</p><p[^>]*>([\\d.]+)</p>`).exec(html);
      expect(match, label).not.toBeNull();
      return Number(match![1]!.replace(/\./g, ""));
    };
    const shown = {
      products: figure("Productos"),
      lowStock: figure("Productos con stock bajo"),
      customers: figure("Clientes"),
      pendingMarketplace: figure("Marketplace pendiente de aprobar"),
    };
    const visibleHint = /([\d.]+) visibles en la tienda/.exec(html);

    expect(html).toContain("Actividad reciente");
    expect(html).toContain('href="/admin/actividad"');
    expect(html).toContain("Accesos rápidos");
    expect(html).toContain('href="/admin/usuarios"');
    // Each figure leads to the list behind it.
    expect(html).toContain('href="/admin/productos?stock=bajo"');

    // Now count in the database the server used (PGlite allows one process: stop it first).
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      const counts = await independentCounts(database.db);
      expect(shown).toEqual({
        products: counts.products,
        lowStock: counts.lowStock,
        customers: counts.customers,
        pendingMarketplace: counts.pendingMarketplace,
      });
      expect(Number(visibleHint![1]!.replace(/\./g, ""))).toBe(counts.visibleProducts);
      // The demo data has something in each figure, so the comparison means something.
      expect(counts.products).toBeGreaterThan(0);
      expect(counts.lowStock).toBeGreaterThan(0);
      expect(counts.customers).toBeGreaterThan(0);
      expect(counts.pendingMarketplace).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    server = await server.restart();
  });
});
