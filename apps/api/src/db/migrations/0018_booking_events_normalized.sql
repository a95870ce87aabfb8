-- A client's booking begins with its row: the timeline derives "created" from created_at,
-- created_by and the price, which never change. The stored copies go.
DELETE FROM "booking_events" WHERE "type" = 'created';--> statement-breakpoint
-- The actor of an event is the booking's party named by actor_role (client or provider; system
-- has none): the column repeated the booking's own ids, behind a foreign key checked per event.
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_actor_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "booking_events" DROP COLUMN "actor_id";--> statement-breakpoint
-- A provider's sessions with one client are found through the client's index
-- (bookings_client_starts_idx): a client has few bookings; the pair index cost every write.
DROP INDEX "bookings_provider_client_idx";
