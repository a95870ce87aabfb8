CREATE TYPE "public"."session_outcome" AS ENUM('completed', 'client_no_show', 'provider_no_show', 'interrupted');--> statement-breakpoint
CREATE TABLE "session_outcomes" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"outcome" "session_outcome" NOT NULL,
	"recorded_outcome" "session_outcome" NOT NULL,
	"decided_by" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"refund_minor" integer DEFAULT 0 NOT NULL,
	"rebook_price_minor" integer,
	"rebook_until" timestamp with time zone,
	"rebooked_booking_id" uuid,
	CONSTRAINT "session_outcomes_rebooked_uq" UNIQUE("rebooked_booking_id"),
	CONSTRAINT "session_outcomes_decided_by_ck" CHECK ("session_outcomes"."decided_by" IN ('system', 'provider')),
	CONSTRAINT "session_outcomes_money_ck" CHECK ("session_outcomes"."refund_minor" >= 0 AND ("session_outcomes"."rebook_price_minor" IS NULL) = ("session_outcomes"."rebook_until" IS NULL) AND ("session_outcomes"."rebook_price_minor" IS NULL OR "session_outcomes"."rebook_price_minor" >= 0))
);
--> statement-breakpoint
CREATE TABLE "session_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"party" "booking_party" NOT NULL,
	"tab" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"lost" boolean DEFAULT false NOT NULL,
	CONSTRAINT "session_visits_times_ck" CHECK ("session_visits"."last_seen_at" >= "session_visits"."joined_at" AND ("session_visits"."left_at" IS NULL OR "session_visits"."left_at" >= "session_visits"."joined_at"))
);
--> statement-breakpoint
ALTER TABLE "session_outcomes" ADD CONSTRAINT "session_outcomes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_outcomes" ADD CONSTRAINT "session_outcomes_rebooked_booking_id_bookings_id_fk" FOREIGN KEY ("rebooked_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_visits" ADD CONSTRAINT "session_visits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_visits" ADD CONSTRAINT "session_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_outcomes_outcome_idx" ON "session_outcomes" USING btree ("outcome");--> statement-breakpoint
CREATE INDEX "session_visits_booking_idx" ON "session_visits" USING btree ("booking_id","joined_at");--> statement-breakpoint
CREATE INDEX "session_visits_open_idx" ON "session_visits" USING btree ("booking_id","user_id","tab") WHERE "session_visits"."left_at" IS NULL;