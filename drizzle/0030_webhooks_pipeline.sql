ALTER TABLE "webhook_events" ADD COLUMN "signature_verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "result" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_events_organisation_received_idx" ON "webhook_events" USING btree ("organisation_id","received_at","id");--> statement-breakpoint
CREATE INDEX "webhook_events_organisation_result_idx" ON "webhook_events" USING btree ("organisation_id","result","received_at");--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_result_check" CHECK ("webhook_events"."result" in ('refused', 'received', 'processed', 'failed'));