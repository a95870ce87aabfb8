CREATE TABLE "gateway_webhook_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"reference" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_webhook_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "payout_manual_records" (
	"payout_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"bank_reference" text,
	"note" text,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_manual_records_outcome_ck" CHECK ("payout_manual_records"."outcome" IN ('paid', 'failed')),
	CONSTRAINT "payout_manual_records_reference_ck" CHECK ("payout_manual_records"."outcome" <> 'paid' OR "payout_manual_records"."bank_reference" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_reference" text;--> statement-breakpoint
ALTER TABLE "payout_manual_records" ADD CONSTRAINT "payout_manual_records_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_manual_records" ADD CONSTRAINT "payout_manual_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_webhook_events_applied_idx" ON "gateway_webhook_events" USING btree ("applied_at");