import { sql } from "drizzle-orm";
import { index, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Every word of the catalogue's product names and brands, accent-free and lower-case: where a
 * misspelt search finds the word meant (ADR 0036). A trigger on `products` adds the words of
 * each inserted or renamed product (migration 0024); a word no product uses any more stays,
 * harmless: it only finds nothing.
 */
export const catalogWords = pgTable("catalog_words", { word: text("word").primaryKey() }, (t) => [
  index("catalog_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);
