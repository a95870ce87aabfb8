-- Whether another pending-or-confirmed booking holds time of a provider in [from, to), read with a
-- snapshot of its own: a single-statement slot write calls it right after it takes the provider's
-- calendar lock, so it sees a winner that committed while it waited for the lock (the statement's
-- own snapshot predates the wait). PL/pgSQL, and VOLATILE, so that it is never inlined into the
-- calling statement and each call reads the latest committed rows. Lapsed holds do not count, as
-- in the availability reads; the bookings_no_overlap constraint remains the guarantee.
CREATE FUNCTION booking_slot_taken(provider uuid, from_at timestamptz, to_at timestamptz, now_at timestamptz, ignore_booking uuid)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM bookings
    WHERE provider_id = provider AND status IN ('pending', 'confirmed') AND starts_at IS NOT NULL
      AND tstzrange(starts_at, ends_at, '[)') && tstzrange(from_at, to_at, '[)')
      AND (status = 'confirmed' OR hold_expires_at IS NULL OR hold_expires_at > now_at)
      AND id <> ignore_booking
  );
END
$$;
