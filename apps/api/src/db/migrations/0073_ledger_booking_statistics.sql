-- The planner reads no statistics from a partial index's expression, so it took every lookup of a
-- transaction by booking id (ledger_transactions_booking_idx) to match 0.5% of the ledger:
-- costs high enough to turn a held-earnings read into a hash join over the whole ledger.
-- Statistics on the expression itself give it the real figure, a row or two a booking.
CREATE STATISTICS IF NOT EXISTS "ledger_transactions_booking_stats" ON ((metadata ->> 'bookingId')) FROM "ledger_transactions";--> statement-breakpoint
ANALYZE "ledger_transactions";
