-- A newsletter draft's reviewed version is its edit version (ADR 0042, amended), as for products.
ALTER TABLE "promotions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;