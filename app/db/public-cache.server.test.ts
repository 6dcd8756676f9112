import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { withTestDatabase } from "../../tests/helpers/test-database";
import { getDb, knownCatalogVersion } from "./client.server";
import { cachedCatalog, catalogVersion } from "./public-cache.server";
import { runInRequestScope, serverTimingHeader } from "~/lib/request-scope.server";

// A real, migrated database (PGlite, or PostgreSQL when DATABASE_URL is set): the triggers
// that move the catalogue version are part of what is tested.
withTestDatabase();

const categoryNames = () =>
  cachedCatalog("test:categories", async () =>
    (await getDb().select({ name: schema.categories.name }).from(schema.categories)).map(
      (row) => row.name,
    ),
  );

describe("public catalogue cache", () => {
  it("serves from memory until any write to a catalogue table moves the version", async () => {
    await getDb().insert(schema.categories).values({ name: "Audio", slug: "audio" });
    expect(await categoryNames()).toEqual(["Audio"]);

    let loads = 0;
    const counted = () =>
      cachedCatalog("test:counted", async () => {
        loads += 1;
        return loads;
      });
    expect(await counted()).toBe(1);
    expect(await counted()).toBe(1);

    // A write that bypasses the app (another instance, a script, psql) still invalidates.
    const before = await catalogVersion();
    await getDb().execute(sql`UPDATE categories SET name = 'Sonido' WHERE slug = 'audio'`);
    expect(await catalogVersion()).toBeGreaterThan(before);
    expect(await categoryNames()).toEqual(["Sonido"]);
    expect(await counted()).toBe(2);
  });

  it("moves the version for products, reviews, marketplace items, services and users", async () => {
    const [category] = await getDb()
      .insert(schema.categories)
      .values({ name: "Cámaras", slug: "camaras" })
      .returning();
    // A new account shows nowhere public until it writes a review: no bump needed.
    await getDb().insert(schema.users).values({ id: "u-1", name: "Ana", email: "ana@ejemplo.es" });
    const writes = [
      () =>
        getDb().insert(schema.products).values({
          name: "Réflex",
          description: "Cámara",
          priceCents: 50000,
          categoryId: category!.id,
        }),
      () => getDb().update(schema.products).set({ priceCents: 45000 }),
      () =>
        getDb()
          .insert(schema.services)
          .values({ name: "Revisión", description: "Puesta a punto", priceCents: 3000 }),
      () => getDb().update(schema.users).set({ name: "Ana G." }).where(eq(schema.users.id, "u-1")),
      () =>
        getDb().insert(schema.reviews).values({ userId: "u-1", rating: 5, comment: "Muy bien" }),
      () => getDb().delete(schema.products),
    ];
    for (const write of writes) {
      const before = await catalogVersion();
      await write();
      expect(await catalogVersion()).toBeGreaterThan(before);
    }

    // A sign-in records its time on the user: no public page shows it, so nothing is emptied.
    const before = await catalogVersion();
    await getDb()
      .update(schema.users)
      .set({ lastSignInAt: new Date() })
      .where(eq(schema.users.id, "u-1"));
    expect(await catalogVersion()).toBe(before);
  });

  it("shares one load between concurrent misses and does not keep a failed one", async () => {
    let loads = 0;
    const slow = () =>
      cachedCatalog("test:slow", async () => {
        loads += 1;
        await new Promise((resolve) => setImmediate(resolve));
        return "valor";
      });
    expect(await Promise.all([slow(), slow(), slow()])).toEqual(["valor", "valor", "valor"]);
    expect(loads).toBe(1);

    let attempts = 0;
    const flaky = () =>
      cachedCatalog("test:flaky", async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("caída");
        return "recuperado";
      });
    await expect(flaky()).rejects.toThrow("caída");
    expect(await flaky()).toBe("recuperado");
  });

  it("reads the version once per request", async () => {
    const versions = await runInRequestScope(async () => {
      const first = await catalogVersion();
      await getDb().execute(sql`UPDATE categories SET name = name`);
      return [first, await catalogVersion()];
    });
    expect(versions[1]).toBe(versions[0]);
    expect(await catalogVersion()).toBeGreaterThan(versions[0]!);
  });

  it.skipIf(process.env.DATABASE_URL)(
    "on PGlite, knows each new version without asking the database",
    async () => {
      const before = knownCatalogVersion();
      expect(before).toBeTypeOf("number");
      // The new version is known by the time the write returns.
      await getDb().execute(sql`UPDATE categories SET name = name`);
      expect(knownCatalogVersion()).toBeGreaterThan(before!);
      const header = await runInRequestScope(async () => {
        expect(await catalogVersion()).toBe(knownCatalogVersion());
        return serverTimingHeader();
      });
      expect(header).toContain('desc="0 queries"');
    },
  );
});
