CREATE TABLE "catalog_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "catalog_words_trgm_idx" ON "catalog_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words a product brings: accent-free, lower-case, three characters or more, with a letter.
CREATE FUNCTION "catalog_words_of"(name text, brand text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(immutable_unaccent(lower(coalesce(name, '') || ' ' || coalesce(brand, ''))), '[^a-z0-9]+') AS w
  WHERE length(w) >= 3 AND w ~ '[a-z]'
$$;
--> statement-breakpoint
-- Once per INSERT statement (a CSV import, a bulk seed): the new rows' words at once.
CREATE FUNCTION "catalog_words_add_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_words" ("word")
    SELECT DISTINCT w FROM "inserted_products" p, "catalog_words_of"(p."name", p."brand") AS w
    ON CONFLICT ("word") DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only when a product's name or brand changes (not at every stock update).
CREATE FUNCTION "catalog_words_add_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_words" ("word")
    SELECT w FROM "catalog_words_of"(NEW."name", NEW."brand") AS w
    ON CONFLICT ("word") DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "inserted_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_words_add_inserted"();
--> statement-breakpoint
CREATE TRIGGER "products_catalog_words_rename" AFTER UPDATE OF "name", "brand" ON "products" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."brand" IS DISTINCT FROM NEW."brand") EXECUTE FUNCTION "catalog_words_add_renamed"();
--> statement-breakpoint
INSERT INTO "catalog_words" ("word")
  SELECT DISTINCT w FROM "products" p, "catalog_words_of"(p."name", p."brand") AS w
  ON CONFLICT ("word") DO NOTHING;
--> statement-breakpoint
ANALYZE "catalog_words";
