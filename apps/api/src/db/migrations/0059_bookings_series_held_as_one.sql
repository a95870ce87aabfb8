-- A series is held as a whole and counts as one hold: booking_client_hold_counts, rendered again from
-- apps/api/src/modules/bookings/booking-conditions.ts (booking-conditions.test.ts checks the body).
ALTER TABLE "booking_series" ADD COLUMN "interval_weeks" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_interval_weeks_ck" CHECK ("booking_series"."interval_weeks" IN (1, 2));--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_client_hold_counts(client uuid, provider uuid, now_at timestamptz, ignore_booking uuid) RETURNS integer[]
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  counts integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('bookings:client:' || client::text, 0));
  SELECT ARRAY[
    count(DISTINCT coalesce(series_id, id))::integer,
    count(DISTINCT coalesce(series_id, id)) FILTER (WHERE provider_id = provider)::integer
  ] INTO counts
  FROM bookings
  WHERE client_id = client AND (bookings.status::text = 'pending' AND bookings.created_by::text = 'client' AND bookings.paid_at IS NULL AND bookings.starts_at IS NOT NULL AND bookings.hold_expires_at > now_at) AND id <> ignore_booking;
  RETURN counts;
END
$$;
