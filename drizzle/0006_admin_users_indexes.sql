CREATE INDEX "users_sort_name_idx" ON "users" USING btree ((immutable_unaccent(lower("full_name")) COLLATE "C"),("email" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "users_sort_email_idx" ON "users" USING btree (("email" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "users_sort_role_idx" ON "users" USING btree ("role" DESC NULLS FIRST,(immutable_unaccent(lower("full_name")) COLLATE "C"),("email" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "users_sort_status_idx" ON "users" USING btree ("banned",(immutable_unaccent(lower("full_name")) COLLATE "C"),("email" COLLATE "C"),"id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (immutable_unaccent(lower("full_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");