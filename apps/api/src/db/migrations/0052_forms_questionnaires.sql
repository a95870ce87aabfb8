CREATE TYPE "public"."form_access_action" AS ENUM('read', 'list', 'draft', 'submit', 'progress');--> statement-breakpoint
CREATE TYPE "public"."form_request_status" AS ENUM('sent', 'draft', 'submitted');--> statement-breakpoint
CREATE TABLE "form_access_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "form_access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" "form_access_action" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_assignments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"template_id" uuid,
	"instrument" text,
	"client_id" uuid,
	"resend_every" integer,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "form_assignments_form_ck" CHECK (("form_assignments"."template_id" IS NULL) <> ("form_assignments"."instrument" IS NULL)),
	CONSTRAINT "form_assignments_resend_ck" CHECK ("form_assignments"."resend_every" IS NULL OR "form_assignments"."resend_every" >= 1)
);
--> statement-breakpoint
CREATE TABLE "form_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"assignment_id" uuid,
	"template_id" uuid,
	"template_version" integer,
	"instrument" text,
	"instrument_version" integer,
	"booking_id" uuid,
	"status" "form_request_status" DEFAULT 'sent' NOT NULL,
	"key_id" text,
	"draft" "bytea",
	"answers" "bytea",
	"result" "bytea",
	"urgent" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"draft_saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "form_requests_form_ck" CHECK (("form_requests"."template_id" IS NULL) <> ("form_requests"."instrument" IS NULL)),
	CONSTRAINT "form_requests_submitted_ck" CHECK (("form_requests"."status" = 'submitted') = ("form_requests"."submitted_at" IS NOT NULL AND "form_requests"."answers" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "form_template_versions" (
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "form_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"current_version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "form_access_log" ADD CONSTRAINT "form_access_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_template_id_form_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."form_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_assignments" ADD CONSTRAINT "form_assignments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_assignment_id_form_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."form_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_template_id_form_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."form_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_access_log_request_idx" ON "form_access_log" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "form_access_log_actor_idx" ON "form_access_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "form_assignments_provider_idx" ON "form_assignments" USING btree ("provider_id") WHERE "form_assignments"."removed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "form_requests_client_idx" ON "form_requests" USING btree ("client_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_requests_provider_status_idx" ON "form_requests" USING btree ("provider_id","status","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_requests_progress_idx" ON "form_requests" USING btree ("provider_id","client_id","submitted_at") WHERE "form_requests"."instrument" IS NOT NULL AND "form_requests"."status" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "form_requests_open_uq" ON "form_requests" USING btree ("assignment_id","client_id") WHERE "form_requests"."status" <> 'submitted' AND "form_requests"."assignment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "form_templates_provider_idx" ON "form_templates" USING btree ("provider_id","updated_at" DESC NULLS LAST);