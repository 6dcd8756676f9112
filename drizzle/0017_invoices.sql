CREATE TABLE "invoice_chain_head" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_position" integer DEFAULT 0 NOT NULL,
	"last_hash" text DEFAULT '' NOT NULL,
	CONSTRAINT "invoice_chain_head_single" CHECK ("invoice_chain_head"."id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"line_total_cents" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"used_goods_scheme" boolean DEFAULT false NOT NULL,
	"is_shipping" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoice_lines_position_unique" UNIQUE("invoice_id","position"),
	CONSTRAINT "invoice_lines_total_valid" CHECK ("invoice_lines"."line_total_cents" = "invoice_lines"."unit_price_cents" * "invoice_lines"."quantity" - "invoice_lines"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "invoice_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chain_position" integer NOT NULL,
	"record_type" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"num_serie" text NOT NULL,
	"issue_date_text" text NOT NULL,
	"invoice_type" text,
	"tax_total_text" text,
	"total_text" text,
	"previous_hash" text NOT NULL,
	"generated_at_text" text NOT NULL,
	"hash" text NOT NULL,
	"send_status" text NOT NULL,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_records_chain_position_unique" UNIQUE("chain_position"),
	CONSTRAINT "invoice_records_type_valid" CHECK ("invoice_records"."record_type" IN ('alta', 'anulacion')),
	CONSTRAINT "invoice_records_hash_valid" CHECK ("invoice_records"."hash" ~ '^[0-9A-F]{64}$'),
	CONSTRAINT "invoice_records_send_status_valid" CHECK ("invoice_records"."send_status" IN ('not_sent', 'pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "invoice_series_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_series_counters_valid" CHECK ("invoice_series_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_tax_lines" (
	"invoice_id" integer NOT NULL,
	"used_goods_scheme" boolean NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"base_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "invoice_tax_lines_invoice_id_used_goods_scheme_vat_rate_bp_pk" PRIMARY KEY("invoice_id","used_goods_scheme","vat_rate_bp"),
	CONSTRAINT "invoice_tax_lines_total_valid" CHECK ("invoice_tax_lines"."total_cents" = "invoice_tax_lines"."base_cents" + "invoice_tax_lines"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"full_number" text NOT NULL,
	"kind" text NOT NULL,
	"verifactu_type" text NOT NULL,
	"order_id" integer NOT NULL,
	"replaces_invoice_id" integer,
	"corrects_invoice_id" integer,
	"issued_at" timestamp with time zone NOT NULL,
	"issue_date" date NOT NULL,
	"operation_date" date,
	"issuer_name" text NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"issuer_address" text NOT NULL,
	"recipient_name" text,
	"recipient_tax_id" text,
	"recipient_address" text,
	"base_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_full_number_unique" UNIQUE("full_number"),
	CONSTRAINT "invoices_series_number_unique" UNIQUE("series","number"),
	CONSTRAINT "invoices_kind_valid" CHECK ("invoices"."kind" IN ('simplified', 'complete', 'corrective')),
	CONSTRAINT "invoices_type_valid" CHECK (("invoices"."kind" = 'simplified' AND "invoices"."verifactu_type" = 'F2')
        OR ("invoices"."kind" = 'complete' AND "invoices"."verifactu_type" IN ('F1', 'F3'))
        OR ("invoices"."kind" = 'corrective' AND "invoices"."verifactu_type" IN ('R1', 'R5'))),
	CONSTRAINT "invoices_links_valid" CHECK (("invoices"."kind" = 'corrective') = ("invoices"."corrects_invoice_id" IS NOT NULL)
        AND ("invoices"."verifactu_type" = 'F3') = ("invoices"."replaces_invoice_id" IS NOT NULL)),
	CONSTRAINT "invoices_recipient_valid" CHECK ("invoices"."kind" <> 'complete' OR ("invoices"."recipient_name" IS NOT NULL AND "invoices"."recipient_tax_id" IS NOT NULL AND "invoices"."recipient_address" IS NOT NULL)),
	CONSTRAINT "invoices_total_valid" CHECK ("invoices"."total_cents" = "invoices"."base_cents" + "invoices"."tax_cents")
);
--> statement-breakpoint
ALTER TABLE "marketplace_products" ADD COLUMN "used_goods_scheme" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_products" ADD COLUMN "purchase_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "used_goods_scheme" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "purchase_price_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_records" ADD CONSTRAINT "invoice_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_tax_lines" ADD CONSTRAINT "invoice_tax_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_replaces_invoice_id_invoices_id_fk" FOREIGN KEY ("replaces_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_records_invoice_idx" ON "invoice_records" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_records_send_idx" ON "invoice_records" USING btree ("chain_position") WHERE "invoice_records"."send_status" = 'pending';--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
ALTER TABLE "marketplace_products" ADD CONSTRAINT "marketplace_products_purchase_price_valid" CHECK ("marketplace_products"."purchase_price_cents" IS NULL OR "marketplace_products"."purchase_price_cents" >= 0);--> statement-breakpoint
INSERT INTO "invoice_chain_head" ("id") VALUES (true);--> statement-breakpoint
-- Issued invoices never change (RD 1619/2012; Orden HAC/1177/2024 art. 8): not by the app, not by
-- an admin, not by hand through the database layer. Corrections are new rows.
CREATE FUNCTION "invoicing_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued invoices and invoicing records cannot be changed (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001';
END $$;--> statement-breakpoint
-- Emptying a table that holds nothing destroys nothing (a fresh demo database's reset).
CREATE FUNCTION "invoicing_refuse_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  has_rows boolean;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.%I)', TG_TABLE_SCHEMA, TG_TABLE_NAME) INTO has_rows;
  IF has_rows THEN
    RAISE EXCEPTION 'issued invoices and invoicing records cannot be deleted (TRUNCATE on %)', TG_TABLE_NAME
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoicing_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_immutable" BEFORE UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoicing_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "invoice_tax_lines_immutable" BEFORE UPDATE OR DELETE ON "invoice_tax_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoicing_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "invoices_no_truncate" BEFORE TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoicing_refuse_truncate"();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_no_truncate" BEFORE TRUNCATE ON "invoice_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoicing_refuse_truncate"();--> statement-breakpoint
CREATE TRIGGER "invoice_tax_lines_no_truncate" BEFORE TRUNCATE ON "invoice_tax_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoicing_refuse_truncate"();--> statement-breakpoint
CREATE TRIGGER "invoice_records_no_truncate" BEFORE TRUNCATE ON "invoice_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoicing_refuse_truncate"();--> statement-breakpoint
-- A record's fiscal columns are frozen; only the sending bookkeeping may move.
CREATE FUNCTION "invoice_records_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoicing records cannot be deleted' USING ERRCODE = 'P0001';
  END IF;
  IF (NEW.id, NEW.chain_position, NEW.record_type, NEW.invoice_id, NEW.issuer_tax_id, NEW.num_serie,
      NEW.issue_date_text, NEW.invoice_type, NEW.tax_total_text, NEW.total_text, NEW.previous_hash,
      NEW.generated_at_text, NEW.hash, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.chain_position, OLD.record_type, OLD.invoice_id, OLD.issuer_tax_id, OLD.num_serie,
      OLD.issue_date_text, OLD.invoice_type, OLD.tax_total_text, OLD.total_text, OLD.previous_hash,
      OLD.generated_at_text, OLD.hash, OLD.created_at) THEN
    RAISE EXCEPTION 'invoicing record % cannot be changed', OLD.id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_records_immutable" BEFORE UPDATE OR DELETE ON "invoice_records"
  FOR EACH ROW EXECUTE FUNCTION "invoice_records_guard"();
