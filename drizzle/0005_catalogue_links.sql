ALTER TABLE "users" ADD COLUMN "join_price_link_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "join_age_bypass_link_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_join_price_link_id_private_price_links_id_fk" FOREIGN KEY ("join_price_link_id") REFERENCES "public"."private_price_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_join_age_bypass_link_id_age_bypass_links_id_fk" FOREIGN KEY ("join_age_bypass_link_id") REFERENCES "public"."age_bypass_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_events_organisation_idx" ON "webhook_events" USING btree ("organisation_id","provider","received_at");