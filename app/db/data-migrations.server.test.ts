import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { withTestDatabase } from "../../tests/helpers/test-database";

// Migrations that change data, run again on rows written as before them (real database).
withTestDatabase();

const subtitleOf = async (page: string) => {
  const [row] = await getDb()
    .select({ fields: schema.pageContents.fields })
    .from(schema.pageContents)
    .where(and(eq(schema.pageContents.page, page), eq(schema.pageContents.section, "cabecera")));
  return row?.fields.subtitle;
};

describe("0029: the reviews page's old subtitle", () => {
  it("replaces the old default where a shop saved it, and nothing else", async () => {
    const old = "Lo que opinan quienes ya han comprado con nosotros.";
    await getDb()
      .insert(schema.pageContents)
      .values([
        { page: "reviews", section: "cabecera", fields: { title: "Opiniones", subtitle: old } },
        { page: "other", section: "cabecera", fields: { subtitle: old } },
      ]);
    await getDb().execute(
      sql.raw(fs.readFileSync("drizzle/0029_old_reviews_subtitle.sql", "utf8")),
    );
    expect(await subtitleOf("reviews")).toBe(
      "Lo que opinan de la tienda y de sus productos las personas registradas.",
    );
    expect(await subtitleOf("other")).toBe(old);
    // The section's other fields stay.
    const [row] = await getDb()
      .select({ fields: schema.pageContents.fields })
      .from(schema.pageContents)
      .where(eq(schema.pageContents.page, "reviews"));
    expect(row!.fields.title).toBe("Opiniones");
  });
});
