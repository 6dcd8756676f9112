-- Edit forms carry the row's version (ADR 0042, amended): a counter every update raises, in place of
-- updated_at read to the millisecond. Existing rows start at 1; forms open during the upgrade are
-- refused once (their version is a date) and carry the number after the reload.
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;