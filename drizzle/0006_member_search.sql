DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || E'\n' || lower(email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_key" text GENERATED ALWAYS AS (lower(name) || E'\n' || split_part(lower(email), '@', 1)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_name_idx" ON "users" USING btree ("organisation_id",(lower("name") collate "C")) WHERE not "users"."is_staff" and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_search_surname_idx" ON "users" USING btree ("organisation_id",(regexp_replace(lower("name"), '^.*\s', '') collate "C")) WHERE not "users"."is_staff" and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_search_email_idx" ON "users" USING btree ("organisation_id",(lower("email") collate "C")) WHERE not "users"."is_staff" and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_search_recent_idx" ON "users" USING btree ("organisation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"home_gym_id","search_text") WHERE not "users"."is_staff" and "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_key" gin_trgm_ops) WITH (fastupdate=false) WHERE not "users"."is_staff" and "users"."deleted_at" is null;