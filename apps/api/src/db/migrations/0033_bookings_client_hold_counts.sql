-- The unpaid holds of one client, counted under that client's advisory lock with a fresh snapshot
-- (VOLATILE: each statement inside sees what committed before it, also when called from a
-- one-statement write that waited for the lock). Answers {sessions held in all, holds with this
-- provider}, where a weekly series counts once with its provider. A hold is a client's own,
-- unpaid, pending booking with a slot whose hold has not lapsed; `ignore_booking` is the
-- booking being placed (not a hold yet, or moving).
CREATE FUNCTION booking_client_hold_counts(client uuid, provider uuid, now_at timestamptz, ignore_booking uuid)
RETURNS integer[] LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  counts integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('bookings:client:' || client::text, 0));
  SELECT ARRAY[
    count(*)::integer,
    count(DISTINCT coalesce(series_id, id)) FILTER (WHERE provider_id = provider)::integer
  ] INTO counts
  FROM bookings
  WHERE client_id = client AND status = 'pending' AND created_by = 'client' AND paid_at IS NULL
    AND starts_at IS NOT NULL AND hold_expires_at > now_at AND id <> ignore_booking;
  RETURN counts;
END
$$;
