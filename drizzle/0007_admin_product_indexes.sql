DROP INDEX "products_category_idx";--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock_quantity","id");--> statement-breakpoint
CREATE INDEX "products_sort_name_idx" ON "products" USING btree ((immutable_unaccent(lower("name")) COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_condition_created_idx" ON "products" USING btree ("condition","created_at","id");--> statement-breakpoint
CREATE INDEX "products_hidden_created_idx" ON "products" USING btree ("created_at","id") WHERE NOT "products"."is_publicly_visible";--> statement-breakpoint
CREATE INDEX "products_sale_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_on_sale";--> statement-breakpoint
CREATE INDEX "products_low_stock_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."minimum_stock_level" > 0 AND "products"."stock_quantity" <= "products"."minimum_stock_level";--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_supplier_trgm_idx" ON "products" USING gin ("supplier" gin_trgm_ops);