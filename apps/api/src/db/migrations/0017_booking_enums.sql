-- The closed vocabularies of a booking become enums instead of text with CHECK constraints:
-- PostgreSQL parses and plans a table's CHECK constraints again in every statement that writes
-- a row, and these five cost more than the rest of a booking insert (docs/decisions.md).
-- reschedule_pending_ck compares reschedule_status with text, so it is re-created over the enum.
CREATE TYPE "public"."booking_party" AS ENUM('client', 'provider');--> statement-breakpoint
CREATE TYPE "public"."booking_payment_method" AS ENUM('wallet', 'card', 'free');--> statement-breakpoint
CREATE TYPE "public"."participant_status" AS ENUM('awaiting', 'acknowledged', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('refunded', 'none', 'not_paid');--> statement-breakpoint
CREATE TYPE "public"."reschedule_status" AS ENUM('pending', 'accepted', 'rejected', 'expired');--> statement-breakpoint
ALTER TABLE "bookings"
  DROP CONSTRAINT "bookings_created_by_ck",
  DROP CONSTRAINT "bookings_participant_status_ck",
  DROP CONSTRAINT "bookings_payment_method_ck",
  DROP CONSTRAINT "bookings_reschedule_status_ck",
  DROP CONSTRAINT "bookings_refund_status_ck",
  DROP CONSTRAINT "bookings_reschedule_pending_ck",
  ALTER COLUMN "created_by" DROP DEFAULT,
  ALTER COLUMN "participant_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings"
  ALTER COLUMN "created_by" SET DATA TYPE "public"."booking_party" USING "created_by"::"public"."booking_party",
  ALTER COLUMN "participant_status" SET DATA TYPE "public"."participant_status" USING "participant_status"::"public"."participant_status",
  ALTER COLUMN "payment_method" SET DATA TYPE "public"."booking_payment_method" USING "payment_method"::"public"."booking_payment_method",
  ALTER COLUMN "reschedule_status" SET DATA TYPE "public"."reschedule_status" USING "reschedule_status"::"public"."reschedule_status",
  ALTER COLUMN "reschedule_requested_by" SET DATA TYPE "public"."booking_party" USING "reschedule_requested_by"::"public"."booking_party",
  ALTER COLUMN "refund_status" SET DATA TYPE "public"."refund_status" USING "refund_status"::"public"."refund_status";--> statement-breakpoint
ALTER TABLE "bookings"
  ALTER COLUMN "created_by" SET DEFAULT 'client'::"public"."booking_party",
  ALTER COLUMN "participant_status" SET DEFAULT 'awaiting'::"public"."participant_status",
  ADD CONSTRAINT "bookings_reschedule_pending_ck" CHECK ("bookings"."reschedule_status" IS DISTINCT FROM 'pending' OR ("bookings"."reschedule_slot_id" IS NOT NULL AND "bookings"."reschedule_starts_at" IS NOT NULL AND "bookings"."reschedule_ends_at" IS NOT NULL AND "bookings"."reschedule_requested_by" IS NOT NULL));
