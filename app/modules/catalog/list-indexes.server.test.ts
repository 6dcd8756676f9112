import { sql } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import { listPublicProducts, type ProductListQuery } from "./products.server";

/*
 * Novedades and Rebajas (and the «new» and «on sale» filters) read a filtered page and its capped
 * count from one small index each, without visiting the rows (ADR 0038): at 1,000,000 products
 * a visit per row made such a page or count take 70–690 ms, the index alone 1–9 ms. The shop's
 * own statements are captured and explained with scans of the whole table or of a bitmap turned
 * off, so the test data's size does not decide the plan.
 */
withTestDatabase();

interface Statement {
  text: string;
  params: unknown[];
}

/** The statements `run` sends, through drizzle's logger (set on the session it prepares with). */
async function statementsOf(run: () => Promise<unknown>): Promise<Statement[]> {
  // drizzle keeps the logger on its internal session; no public setter exists after creation.
  const session = (getDb() as unknown as { session: { logger: Logger } }).session;
  const before = session.logger;
  const seen: Statement[] = [];
  session.logger = { logQuery: (text, params) => seen.push({ text, params }) };
  try {
    await run();
  } finally {
    session.logger = before;
  }
  return seen;
}

/** A parameter as a SQL literal (the test's own values: numbers, booleans and words). */
function literal(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

async function planOf({ text, params }: Statement): Promise<string> {
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    const result = (await tx.execute(sql.raw(`EXPLAIN ${inlined}`))) as unknown as {
      rows: { "QUERY PLAN": string }[];
    };
    return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

const SORT_INDEX = { newest: "created", price_asc: "price", name_asc: "name" } as const;

describe("filtered lists of new and sale products", () => {
  it.each([
    ["new", { onlyNew: true }],
    ["sale", { onlyOnSale: true }],
  ] as const)(
    "read the page and the count of the %s products from the index alone, under each sort",
    async (flag, scope) => {
      const db = getDb();
      await db.execute(sql`
        INSERT INTO products (name, description, price_cents, sale_price_cents, is_on_sale,
                              previous_price_cents, is_new, condition)
        SELECT 'Índice ' || g, 'Para los planes de las listas.', 2000 + g, 1000 + g, g % 2 = 0,
               2000 + g, g % 3 = 0, (ARRAY['new', 'used', 'refurbished'])[1 + g % 3]::product_condition
        FROM generate_series(1, 600) AS g`);
      // As autovacuum leaves a table: its visibility map set, so index-only scans skip the rows.
      await db.execute(sql`VACUUM ANALYZE products`);

      for (const sort of Object.keys(SORT_INDEX) as (keyof typeof SORT_INDEX)[]) {
        const query: ProductListQuery = {
          ...scope,
          conditions: ["used", "refurbished"],
          minPriceCents: 500,
          maxPriceCents: 5000,
          sort,
          page: 2,
        };
        const statements = await statementsOf(() => listPublicProducts(query));
        const page = statements.find((s) => s.text.includes(" in (select "));
        const count = statements.find((s) => s.text.startsWith("select count(*) from (select 1"));
        expect(page, `${flag} ${sort}: the page's statement`).toBeDefined();
        expect(await planOf(page!), `${flag} ${sort}: page`).toMatch(
          new RegExp(
            `Index Only Scan (Backward )?using products_visible_${flag}_${SORT_INDEX[sort]}_idx`,
          ),
        );
        // The count does not depend on the order: counted under the first, kept for the others.
        if (sort !== "newest") {
          expect(count, `${flag} ${sort}: the count is the first order's`).toBeUndefined();
          continue;
        }
        expect(count, `${flag} ${sort}: the count's statement`).toBeDefined();
        expect(await planOf(count!), `${flag} ${sort}: count`).toMatch(
          new RegExp(`Index Only Scan (Backward )?using products_visible_${flag}_\\w+_idx`),
        );
      }
    },
  );
});
