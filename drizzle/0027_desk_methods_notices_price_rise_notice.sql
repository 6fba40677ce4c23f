ALTER TABLE "mail_outbox" ADD COLUMN "member_id" integer;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "price_rise_notice_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "desk_method" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_member_created_at_idx" ON "mail_outbox" USING btree ("member_id","created_at");--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_price_rise_notice_check" CHECK ("organisations"."price_rise_notice_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_desk_method_check" CHECK ("payments"."desk_method" in ('cash', 'eftpos', 'bank_transfer', 'other'));