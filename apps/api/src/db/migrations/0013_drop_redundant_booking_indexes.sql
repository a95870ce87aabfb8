DROP INDEX "booking_events_booking_idx";--> statement-breakpoint
DROP INDEX "bookings_client_created_idx";