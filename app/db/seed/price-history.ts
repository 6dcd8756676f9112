/**
 * The seeds' price history (Omnibus, ~/lib/omnibus.ts): new products' dated prices recorded in
 * a few multi-row inserts, with their previous price set by the same rules as
 * app/modules/catalog/price-history.server.ts's recordPriceChange (computed in memory: the seed
 * writes products that have no history yet).
 */
import { sql } from "drizzle-orm";
import * as schema from "~/db/schema";
import type { Database } from "~/db/client.server";
import {
  announcesReduction,
  lowestAppliedPriceBefore,
  nextPreviousPrice,
  recordedPrices,
  type AppliedPricePoint,
  type SubjectPrices,
} from "~/lib/omnibus";

/** One product's prices from `at` on. */
export interface DatedPrices {
  prices: SubjectPrices;
  at: Date;
}

const CHUNK = 2_000;

/** Records each product's changes (oldest first) and sets its previous price. */
export async function seedProductPriceHistories(
  tx: Database,
  entries: { productId: number; changes: DatedPrices[] }[],
): Promise<void> {
  const rows: (typeof schema.priceHistory.$inferInsert)[] = [];
  const previous: { id: number; cents: number }[] = [];
  for (const { productId, changes } of entries) {
    const history: AppliedPricePoint[] = [];
    let current: number | null = null;
    for (const { prices, at } of changes) {
      const next = recordedPrices(prices);
      current = nextPreviousPrice({
        appliedBefore: history.at(-1)?.appliedPriceCents ?? null,
        appliedAfter: next.appliedPriceCents,
        announcesReduction: announcesReduction("product", prices),
        storedPrevious: current,
        lowestBefore: lowestAppliedPriceBefore(history, at),
      });
      history.push({ appliedPriceCents: next.appliedPriceCents, recordedAt: at });
      rows.push({ productId, ...next, source: "seed", recordedAt: at });
    }
    if (current !== null) previous.push({ id: productId, cents: current });
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(schema.priceHistory).values(rows.slice(i, i + CHUNK));
  }
  for (let i = 0; i < previous.length; i += CHUNK) {
    const values = sql.join(
      previous.slice(i, i + CHUNK).map((p) => sql`(${p.id}::int, ${p.cents}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE ${schema.products} SET previous_price_cents = v.cents FROM (VALUES ${values}) AS v (id, cents) WHERE ${schema.products.id} = v.id`,
    );
  }
}
