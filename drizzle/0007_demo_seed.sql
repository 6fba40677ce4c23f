CREATE TABLE "demo_seed" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"set_up_at" timestamp with time zone NOT NULL,
	"history_completed_at" timestamp with time zone,
	CONSTRAINT "demo_seed_single_row" CHECK ("demo_seed"."id")
);
