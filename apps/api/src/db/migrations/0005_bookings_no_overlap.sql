-- One provider, one session at a time: no two pending-or-confirmed bookings overlap (DESIGN.md §4).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (provider_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&) WHERE (status IN ('pending','confirmed') AND starts_at IS NOT NULL);
