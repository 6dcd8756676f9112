CREATE TABLE "catalog_changes" (
	"txid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- A catalogue write notes its transaction (its own row: writers never wait for each other here).
CREATE OR REPLACE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_changes" ("txid") VALUES (txid_current()) ON CONFLICT ("txid") DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- At commit, after every other lock the transaction took: the version moves, once.
CREATE FUNCTION "apply_catalog_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "catalog_changes" WHERE "txid" = NEW."txid";
  INSERT INTO "cache_versions" ("name", "version") VALUES ('catalog', nextval('cache_version_seq'))
    ON CONFLICT ("name") DO UPDATE SET "version" = EXCLUDED."version";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "catalog_changes_apply" AFTER INSERT ON "catalog_changes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "apply_catalog_change"();
