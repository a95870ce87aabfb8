-- booking_client_hold_counts (migration 0033) read a client's holds through bookings_pending_hold_idx:
-- its condition status = 'pending' lets the planner use that partial index, whose statistics say
-- "empty" whenever the last ANALYZE found no pending row, so every count walked every live hold of
-- every client (4,000 rows after 30 s of bench:bookings, and growing). The same count, with status
-- compared as text (as statusOnRow in bookings/booking-data.ts does): only the client's own index,
-- bookings_client_starts_idx, can serve it, and a count reads that client's scheduled bookings.
CREATE OR REPLACE FUNCTION booking_client_hold_counts(client uuid, provider uuid, now_at timestamptz, ignore_booking uuid)
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
  WHERE client_id = client AND status::text = 'pending' AND created_by = 'client' AND paid_at IS NULL
    AND starts_at IS NOT NULL AND hold_expires_at > now_at AND id <> ignore_booking;
  RETURN counts;
END
$$;
