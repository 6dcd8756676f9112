CREATE TYPE "public"."shipping_zone" AS ENUM('peninsula', 'baleares', 'canarias', 'ceuta', 'melilla');--> statement-breakpoint
CREATE TYPE "public"."price_change_source" AS ENUM('admin', 'import', 'seed', 'backfill');--> statement-breakpoint
CREATE TYPE "public"."coupon_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."coupon_scope" AS ENUM('all', 'catalog', 'categories');--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer,
	"marketplace_product_id" integer,
	"price_cents" integer,
	"sale_price_cents" integer,
	"applied_price_cents" integer,
	"source" "price_change_source" NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_history_one_subject" CHECK (("price_history"."product_id" IS NULL) <> ("price_history"."marketplace_product_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"discount_cents" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "coupon_redemptions_discount_valid" CHECK ("coupon_redemptions"."discount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"description" text,
	"kind" "coupon_kind" NOT NULL,
	"value" integer NOT NULL,
	"minimum_order_cents" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"scope" "coupon_scope" DEFAULT 'all' NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_value_valid" CHECK ("coupons"."value" > 0 AND ("coupons"."kind" <> 'percent' OR "coupons"."value" <= 10000)),
	CONSTRAINT "coupons_uses_valid" CHECK ("coupons"."used_count" >= 0 AND ("coupons"."max_uses" IS NULL OR "coupons"."used_count" <= "coupons"."max_uses")),
	CONSTRAINT "coupons_dates_valid" CHECK ("coupons"."starts_at" IS NULL OR "coupons"."ends_at" IS NULL OR "coupons"."starts_at" < "coupons"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_total_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_valid";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "previous_price_cents" integer;--> statement-breakpoint
ALTER TABLE "marketplace_products" ADD COLUMN "previous_price_cents" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_zone" "shipping_zone" DEFAULT 'peninsula' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_marketplace_product_id_marketplace_products_id_fk" FOREIGN KEY ("marketplace_product_id") REFERENCES "public"."marketplace_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","recorded_at");--> statement-breakpoint
CREATE INDEX "price_history_marketplace_idx" ON "price_history" USING btree ("marketplace_product_id","recorded_at");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_email_idx" ON "coupon_redemptions" USING btree ("coupon_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_uq" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_total_valid" CHECK ("order_items"."unit_price_cents" >= 0 AND "order_items"."line_total_cents" = "order_items"."unit_price_cents" * "order_items"."quantity" AND "order_items"."discount_cents" >= 0 AND "order_items"."discount_cents" <= "order_items"."line_total_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_valid" CHECK ("orders"."subtotal_cents" >= 0 AND "orders"."shipping_cents" >= 0 AND "orders"."vat_cents" >= 0 AND "orders"."discount_cents" >= 0 AND "orders"."discount_cents" <= "orders"."subtotal_cents" AND "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + "orders"."shipping_cents");--> statement-breakpoint
-- Every existing product and marketplace item starts its price history with its current prices.
INSERT INTO "price_history" ("product_id", "price_cents", "sale_price_cents", "applied_price_cents", "source", "recorded_at")
SELECT "id", "price_cents", CASE WHEN "is_on_sale" THEN "sale_price_cents" END,
  CASE WHEN "is_on_sale" AND "sale_price_cents" IS NOT NULL THEN "sale_price_cents" ELSE "price_cents" END,
  'backfill', "updated_at"
FROM "products";--> statement-breakpoint
INSERT INTO "price_history" ("marketplace_product_id", "price_cents", "applied_price_cents", "source", "recorded_at")
SELECT "id", "price_cents", "price_cents", 'backfill', "updated_at" FROM "marketplace_products";
