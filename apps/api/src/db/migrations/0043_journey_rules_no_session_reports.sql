CREATE TABLE "no_session_reports" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"note" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"refund_minor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "no_session_reports_decision_ck" CHECK ("no_session_reports"."decision" IS NULL OR "no_session_reports"."decision" IN ('took_place', 'did_not_take_place')),
	CONSTRAINT "no_session_reports_decided_ck" CHECK (("no_session_reports"."decision" IS NULL) = ("no_session_reports"."decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "no_session_reports" ADD CONSTRAINT "no_session_reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_session_reports" ADD CONSTRAINT "no_session_reports_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_session_reports" ADD CONSTRAINT "no_session_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "no_session_reports_client_idx" ON "no_session_reports" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "no_session_reports_open_idx" ON "no_session_reports" USING btree ("reported_at") WHERE "no_session_reports"."decided_at" IS NULL;