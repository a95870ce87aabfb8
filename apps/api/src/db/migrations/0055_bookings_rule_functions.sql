-- The two SQL functions the one-statement slot writes call, rendered from the rules they apply
-- (apps/api/src/modules/bookings/booking-conditions.ts: booking_slot_taken from availability's
-- busyWhere, booking_client_hold_counts from COUNTS_AS_HOLD in @app/shared/booking-rules), so
-- the transaction path and the functions read one declaration. booking-conditions.test.ts fails
-- when a function's body in the database differs from its rendering: a rule change then needs a
-- migration like this one (print it with bookingRuleFunctionsSql()).
CREATE OR REPLACE FUNCTION booking_slot_taken(provider uuid, from_at timestamptz, to_at timestamptz, now_at timestamptz, ignore_booking uuid) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM bookings WHERE ("bookings"."provider_id" = provider and "bookings"."status" IN ('pending', 'confirmed') and "bookings"."starts_at" is not null and tstzrange("bookings"."starts_at", "bookings"."ends_at", '[)') && tstzrange(from_at::timestamptz, to_at::timestamptz, '[)') and ("bookings"."status" = 'confirmed' or "bookings"."hold_expires_at" is null or "bookings"."hold_expires_at" > now_at::timestamptz) and "bookings"."id" <> ignore_booking));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_client_hold_counts(client uuid, provider uuid, now_at timestamptz, ignore_booking uuid) RETURNS integer[]
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  counts integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('bookings:client:' || client::text, 0));
  SELECT ARRAY[
    count(*)::integer,
    count(DISTINCT coalesce(series_id, id)) FILTER (WHERE provider_id = provider)::integer
  ] INTO counts
  FROM bookings
  WHERE client_id = client AND (bookings.status::text = 'pending' AND bookings.created_by::text = 'client' AND bookings.paid_at IS NULL AND bookings.starts_at IS NOT NULL AND bookings.hold_expires_at > now_at) AND id <> ignore_booking;
  RETURN counts;
END
$$;

