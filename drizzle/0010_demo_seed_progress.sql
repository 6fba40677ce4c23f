CREATE TABLE "demo_seed_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "demo_seed_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"action" jsonb NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "demo_seed" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "demo_seed" ADD COLUMN "members_created" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_seed" ADD COLUMN "history_through" date;