ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "orders_reserved_client_idx" ON "orders" USING btree ("client_key") WHERE "orders"."stock_state" = 'reserved';