-- A sign-in updates users.last_sign_in_at: it must not move the catalogue version (which would
-- empty every cache on every sign-in). Only a change to what a public page could show does.
DROP TRIGGER "users_bump_catalog" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_bump_catalog" AFTER UPDATE OF "full_name", "avatar_url" OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
