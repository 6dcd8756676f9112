import { captureLog } from "../../../tests/helpers/log-capture";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import {
  createReview,
  deleteReview,
  getHomeReviews,
  getReviewStats,
  listLatestReviews,
  listReviews,
} from "./reviews.server";
import { formatDate } from "~/lib/dates";
import { notFound, ok } from "~/lib/failure";

// A real, migrated database (PGlite, or PostgreSQL when DATABASE_URL is set).
withTestDatabase();
beforeAll(async () => {
  await getDb()
    .insert(schema.users)
    .values([
      { id: "u-lucia", name: "Lucía Martín", email: "lucia@ejemplo.es", image: "/uploads/l.webp" },
      { id: "u-sin-nombre", name: "  ", email: "pepe.gil@ejemplo.es" },
    ]);
});
beforeEach(async () => {
  await getDb().delete(schema.reviews);
});

const lucia = {
  id: "u-lucia",
  name: "Lucía Martín",
  email: "lucia@ejemplo.es",
  image: "/uploads/l.webp",
};
const DAY = 24 * 60 * 60 * 1000;

/** Stores shop-wide (or product) reviews by Lucía, each `daysAgo` days old. */
async function insertReviews(rows: Array<{ daysAgo: number; rating: number; productId?: number }>) {
  await getDb()
    .insert(schema.reviews)
    .values(
      rows.map((row) => ({
        userId: lucia.id,
        productId: row.productId ?? null,
        rating: row.rating,
        comment: `Hace ${row.daysAgo} días`,
        userName: lucia.name,
        createdAt: new Date(Date.now() - row.daysAgo * DAY),
      })),
    );
}

describe("reviews on the database", () => {
  it("stores the author's name and avatar with a trimmed comment", async () => {
    const result = await createReview({ user: lucia, rating: 5, comment: "Genial." });
    expect(result.ok).toBe(true);
    const [review] = await listReviews();
    expect(review).toMatchObject({
      rating: 5,
      comment: "Genial.",
      userName: "Lucía Martín",
      avatarText: "/uploads/l.webp",
    });
    expect(review!.createdAt).toBeInstanceOf(Date);
    // The page's date, written by the server in Madrid's calendar (ADR 0021).
    expect(review!.dateLabel).toBe(formatDate(review!.createdAt));
    expect((await listLatestReviews(1))[0]!.dateLabel).toBe(formatDate(review!.createdAt));
  });

  it("names a user without a full name by the local part of the e-mail, with no avatar", async () => {
    const user = { id: "u-sin-nombre", name: "  ", email: "pepe.gil@ejemplo.es", image: null };
    expect((await createReview({ user, rating: 3, comment: "Normal." })).ok).toBe(true);
    expect((await listReviews())[0]).toMatchObject({ userName: "pepe.gil", avatarText: null });
  });

  it("reports a failed insert with a Spanish reason and logs it", async () => {
    const errors = captureLog();
    try {
      const ghost = { id: "no-existe", name: "Nadie", email: "nadie@ejemplo.es", image: null };
      const result = await createReview({ user: ghost, rating: 4, comment: "Hola." });
      expect(result).toEqual(
        notFound("No se pudo publicar tu reseña. Tu cuenta ya no existe. Vuelve a iniciar sesión."),
      );
      expect(errors.lines.join("\n")).toContain("review insert failed");
      expect(await listReviews()).toEqual([]);
    } finally {
      errors.restore();
    }
  });

  it("lists shop-wide reviews newest first, without product reviews, and averages them", async () => {
    const [product] = await getDb()
      .insert(schema.products)
      .values({ name: "Freidora", description: "Una freidora.", priceCents: 5999 })
      .returning({ id: schema.products.id });
    await insertReviews([
      { daysAgo: 5, rating: 3 },
      { daysAgo: 1, rating: 5 },
      { daysAgo: 9, rating: 4 },
      { daysAgo: 0, rating: 1, productId: product!.id },
    ]);
    const all = await listReviews();
    expect(all.map((r) => r.comment)).toEqual(["Hace 1 días", "Hace 5 días", "Hace 9 días"]);
    expect((await listLatestReviews(2)).map((r) => r.comment)).toEqual([
      "Hace 1 días",
      "Hace 5 días",
    ]);
    expect(await getReviewStats()).toEqual({ average: 4, count: 3 });
  });

  it("has no average without reviews", async () => {
    expect(await getReviewStats()).toEqual({ average: null, count: 0 });
  });

  it("deletes a review once", async () => {
    await insertReviews([{ daysAgo: 1, rating: 5 }]);
    const [review] = await listReviews();
    expect(await deleteReview(review!.id, null)).toEqual(ok());
    expect(await deleteReview(review!.id, null)).toEqual(
      notFound("No se pudo eliminar la reseña. Ya no existe."),
    );
    expect(await listReviews()).toEqual([]);
  });
});

describe("getHomeReviews", () => {
  it("shows the two newest of the four fetched", async () => {
    await insertReviews([1, 2, 3, 4, 5].map((daysAgo) => ({ daysAgo, rating: 4 })));
    expect((await getHomeReviews()).map((r) => r.comment)).toEqual(["Hace 1 días", "Hace 2 días"]);
  });

  it("shows a single review alone rather than mixing in samples", async () => {
    await insertReviews([{ daysAgo: 1, rating: 4 }]);
    expect((await getHomeReviews()).map((r) => r.comment)).toEqual(["Hace 1 días"]);
  });

  it("shows none, never invented ones, when there are no reviews", async () => {
    expect(await getHomeReviews()).toEqual([]);
  });

  // Last: it drops the table.
  it("shows none, and logs, when the reviews cannot be read", async () => {
    const errors = captureLog();
    try {
      await getDb().execute(sql`DROP TABLE reviews`);
      expect(await getHomeReviews()).toEqual([]);
      expect(errors.lines.join("\n")).toContain("home reviews could not be read");
    } finally {
      errors.restore();
    }
  });
});
