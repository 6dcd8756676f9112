DROP INDEX "products_created_at_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish'::regconfig, immutable_unaccent(coalesce(name, ''))), 'A') || setweight(to_tsvector('spanish'::regconfig, immutable_unaccent(coalesce(brand, ''))), 'B') || setweight(to_tsvector('spanish'::regconfig, immutable_unaccent(coalesce(description, ''))), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "products_visible_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_category_created_idx" ON "products" USING btree ("category_id","created_at") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_subcategory_created_idx" ON "products" USING btree ("subcategory_id","created_at") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_new_created_idx" ON "products" USING btree ("created_at") WHERE "products"."is_publicly_visible" AND "products"."is_new";--> statement-breakpoint
CREATE INDEX "products_visible_sale_created_idx" ON "products" USING btree ("created_at") WHERE "products"."is_publicly_visible" AND "products"."is_on_sale";--> statement-breakpoint
CREATE INDEX "products_visible_price_idx" ON "products" USING btree ("price_cents") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_name_idx" ON "products" USING btree ("name") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_ean_idx" ON "products" USING btree ("ean_code");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (immutable_unaccent(lower("name")) gin_trgm_ops);