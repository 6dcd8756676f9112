DROP INDEX "products_visible_created_idx";--> statement-breakpoint
DROP INDEX "products_visible_category_created_idx";--> statement-breakpoint
DROP INDEX "products_visible_price_id_idx";--> statement-breakpoint
DROP INDEX "products_visible_name_id_idx";--> statement-breakpoint
DROP INDEX "products_visible_category_price_idx";--> statement-breakpoint
DROP INDEX "products_visible_category_name_idx";--> statement-breakpoint
CREATE INDEX "products_visible_created_idx" ON "products" USING btree ("created_at","id","condition","effective_price_cents") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_category_created_idx" ON "products" USING btree ("category_id","created_at","id","subcategory_id","condition","effective_price_cents") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_price_id_idx" ON "products" USING btree ("effective_price_cents","id","condition") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_name_id_idx" ON "products" USING btree ("name_key" COLLATE "C","id","condition","effective_price_cents") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_category_price_idx" ON "products" USING btree ("category_id","effective_price_cents","id","subcategory_id","condition") WHERE "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_visible_category_name_idx" ON "products" USING btree ("category_id","name_key" COLLATE "C","id","subcategory_id","condition","effective_price_cents") WHERE "products"."is_publicly_visible";