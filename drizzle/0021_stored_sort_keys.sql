DROP INDEX "products_visible_effective_price_idx";--> statement-breakpoint
DROP INDEX "products_visible_sort_name_id_idx";--> statement-breakpoint
DROP INDEX "products_visible_category_price_idx";--> statement-breakpoint
DROP INDEX "products_visible_category_name_idx";--> statement-breakpoint
DROP INDEX "products_visible_new_price_idx";--> statement-breakpoint
DROP INDEX "products_visible_sale_price_idx";--> statement-breakpoint
DROP INDEX "products_sort_name_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_key" text GENERATED ALWAYS AS (immutable_unaccent(lower(name))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "effective_price_cents" integer GENERATED ALWAYS AS (coalesce(case when is_on_sale then sale_price_cents end, price_cents)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_visible_price_id_idx" ON "products" USING btree ("effective_price_cents","id") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_name_id_idx" ON "products" USING btree ("name_key" COLLATE "C","id") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_category_price_idx" ON "products" USING btree ("category_id","effective_price_cents","id") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_category_name_idx" ON "products" USING btree ("category_id","name_key" COLLATE "C","id") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_new_price_idx" ON "products" USING btree ("effective_price_cents","id") WHERE "products"."is_publicly_visible" AND "products"."is_new";--> statement-breakpoint
CREATE INDEX "products_visible_sale_price_idx" ON "products" USING btree ("effective_price_cents","id") WHERE "products"."is_publicly_visible" AND "products"."is_on_sale";--> statement-breakpoint
CREATE INDEX "products_sort_name_idx" ON "products" USING btree ("name_key" COLLATE "C","id");