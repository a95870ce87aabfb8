CREATE TABLE "waitlist_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"category_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_claims_status_ck" CHECK ("waitlist_claims"."status" IN ('offered', 'lapsed', 'released', 'booked')),
	CONSTRAINT "waitlist_claims_times_ck" CHECK ("waitlist_claims"."ends_at" > "waitlist_claims"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"category_id" uuid,
	"before_date" date NOT NULL,
	"before_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"days" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"from_time" text NOT NULL,
	"to_time" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_status_ck" CHECK ("waitlist_entries"."status" IN ('waiting', 'left', 'expired', 'booked'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_claims" ADD CONSTRAINT "waitlist_claims_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_claims" ADD CONSTRAINT "waitlist_claims_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_claims" ADD CONSTRAINT "waitlist_claims_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_claims" ADD CONSTRAINT "waitlist_claims_category_id_therapy_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."therapy_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_category_id_therapy_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."therapy_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_claims_offered_slot_uq" ON "waitlist_claims" USING btree ("provider_id","starts_at") WHERE "waitlist_claims"."status" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_claims_offered_entry_uq" ON "waitlist_claims" USING btree ("entry_id") WHERE "waitlist_claims"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_claims_expiry_idx" ON "waitlist_claims" USING btree ("expires_at") WHERE "waitlist_claims"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_claims_entry_idx" ON "waitlist_claims" USING btree ("entry_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_waiting_uq" ON "waitlist_entries" USING btree ("client_id","provider_id") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_provider_idx" ON "waitlist_entries" USING btree ("provider_id","seq") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_before_idx" ON "waitlist_entries" USING btree ("before_at") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_client_idx" ON "waitlist_entries" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_openings_created_idx" ON "waitlist_openings" USING btree ("created_at");
--> statement-breakpoint
-- booking_slot_taken also answers true for a slot a waitlist claim keeps for another client
-- (apps/api/src/modules/bookings/booking-conditions.ts renders it; booking-conditions.test.ts checks it).
CREATE OR REPLACE FUNCTION booking_slot_taken(provider uuid, from_at timestamptz, to_at timestamptz, now_at timestamptz, ignore_booking uuid) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM bookings WHERE ("bookings"."provider_id" = provider and "bookings"."status" IN ('pending', 'confirmed') and "bookings"."starts_at" is not null and tstzrange("bookings"."starts_at", "bookings"."ends_at", '[)') && tstzrange(from_at::timestamptz, to_at::timestamptz, '[)') and ("bookings"."status" = 'confirmed' or "bookings"."hold_expires_at" is null or "bookings"."hold_expires_at" > now_at::timestamptz) and "bookings"."id" <> ignore_booking))
    OR EXISTS (SELECT 1 FROM waitlist_claims WHERE "waitlist_claims"."provider_id" = provider AND "waitlist_claims"."status" = 'offered'
    AND "waitlist_claims"."starts_at" < to_at::timestamptz AND "waitlist_claims"."ends_at" > from_at::timestamptz
    AND "waitlist_claims"."expires_at" > now_at::timestamptz
    AND "waitlist_claims"."client_id" IS DISTINCT FROM (SELECT own.client_id FROM bookings own WHERE own.id = ignore_booking));
END
$$;
