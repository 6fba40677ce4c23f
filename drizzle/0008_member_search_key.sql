-- search_key joins words with 0 (app/db/search-key.ts, ADR 015). A generated column cannot be altered
-- before PostgreSQL 17, so it is made again, and its trigram index with it.
ALTER TABLE "users" drop column "search_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_key" text GENERATED ALWAYS AS (translate(lower(name) || E'\n' || split_part(lower(email), '@', 1), E' \n.-_\'+’', '00000000')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_key" gin_trgm_ops) WITH (fastupdate=false) WHERE not "users"."is_staff" and "users"."deleted_at" is null;
