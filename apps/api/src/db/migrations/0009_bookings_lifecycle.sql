CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notify_user_id" uuid,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"occurrences" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_series_occurrences_ck" CHECK ("booking_series"."occurrences" BETWEEN 2 AND 52)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "previous_status" "booking_status";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "created_by" text DEFAULT 'client' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "participant_status" text DEFAULT 'awaiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "participant_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "allow_reschedule_completed_booking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "remaining_client_reschedule" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "remaining_provider_reschedule" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedule_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedule_requested_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedule_slot_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedule_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedule_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedule_note" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "feedback_provided" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_index" integer;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_notify_user_id_users_id_fk" FOREIGN KEY ("notify_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_events_unsent_idx" ON "booking_events" USING btree ("created_at") WHERE "booking_events"."notify_user_id" IS NOT NULL AND "booking_events"."notified_at" IS NULL;--> statement-breakpoint
CREATE INDEX "booking_series_client_idx" ON "booking_series" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_client_starts_idx" ON "bookings" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_provider_client_idx" ON "bookings" USING btree ("provider_id","client_id");--> statement-breakpoint
CREATE INDEX "bookings_pending_hold_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bookings_pending_draft_idx" ON "bookings" USING btree ("created_at") WHERE "bookings"."status" = 'pending' AND "bookings"."starts_at" IS NULL;--> statement-breakpoint
CREATE INDEX "bookings_confirmed_ends_idx" ON "bookings" USING btree ("ends_at") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "bookings_series_idx" ON "bookings" USING btree ("series_id","series_index") WHERE "bookings"."series_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_ck" CHECK ("bookings"."price_minor" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_remaining_reschedule_ck" CHECK ("bookings"."remaining_client_reschedule" >= 0 AND "bookings"."remaining_provider_reschedule" >= 0);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_ck" CHECK ("bookings"."created_by" IN ('client', 'provider'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_participant_status_ck" CHECK ("bookings"."participant_status" IN ('awaiting', 'acknowledged', 'rejected'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_method_ck" CHECK ("bookings"."payment_method" IS NULL OR "bookings"."payment_method" IN ('wallet', 'card', 'free'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_ck" CHECK (("bookings"."paid_at" IS NULL) = ("bookings"."payment_method" IS NULL));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reschedule_status_ck" CHECK ("bookings"."reschedule_status" IS NULL OR "bookings"."reschedule_status" IN ('pending', 'accepted', 'rejected', 'expired'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reschedule_pending_ck" CHECK ("bookings"."reschedule_status" IS DISTINCT FROM 'pending' OR ("bookings"."reschedule_slot_id" IS NOT NULL AND "bookings"."reschedule_starts_at" IS NOT NULL AND "bookings"."reschedule_ends_at" IS NOT NULL AND "bookings"."reschedule_requested_by" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_status_ck" CHECK ("bookings"."refund_status" IS NULL OR "bookings"."refund_status" IN ('refunded', 'none', 'not_paid'));