CREATE TYPE "public"."client_source" AS ENUM('manual', 'csv', 'booking');--> statement-breakpoint
CREATE TYPE "public"."note_access_action" AS ENUM('create', 'read', 'list', 'update', 'delete', 'file_download');--> statement-breakpoint
CREATE TYPE "public"."note_type" AS ENUM('booking', 'client');--> statement-breakpoint
CREATE TABLE "provider_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text,
	"first_name" text,
	"last_name" text,
	"language" text DEFAULT 'en' NOT NULL,
	"source" "client_source" NOT NULL,
	"imported_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_clients_email_lower_ck" CHECK ("provider_clients"."email" = lower("provider_clients"."email")),
	CONSTRAINT "provider_clients_identity_ck" CHECK ("provider_clients"."user_id" IS NOT NULL OR ("provider_clients"."email" IS NOT NULL AND "provider_clients"."first_name" IS NOT NULL)),
	CONSTRAINT "provider_clients_language_ck" CHECK ("provider_clients"."language" IN ('en', 'de'))
);
--> statement-breakpoint
CREATE TABLE "note_access_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "note_access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"note_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" "note_access_action" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"provider_client_id" uuid NOT NULL,
	"booking_id" uuid,
	"type" "note_type" NOT NULL,
	"key_id" text NOT NULL,
	"title" "bytea" NOT NULL,
	"content" "bytea",
	"file_key" text,
	"file_name" "bytea",
	"file_kind" text,
	"file_size" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notes_booking_ck" CHECK (("notes"."type" = 'booking') = ("notes"."booking_id" IS NOT NULL)),
	CONSTRAINT "notes_file_ck" CHECK (("notes"."file_key" IS NULL) = ("notes"."file_name" IS NULL) AND ("notes"."file_key" IS NULL) = ("notes"."file_kind" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "provider_clients" ADD CONSTRAINT "provider_clients_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_clients" ADD CONSTRAINT "provider_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_access_log" ADD CONSTRAINT "note_access_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_provider_client_id_provider_clients_id_fk" FOREIGN KEY ("provider_client_id") REFERENCES "public"."provider_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_clients_provider_email_uq" ON "provider_clients" USING btree ("provider_id","email") WHERE "provider_clients"."email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_clients_provider_user_uq" ON "provider_clients" USING btree ("provider_id","user_id") WHERE "provider_clients"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_clients_user_idx" ON "provider_clients" USING btree ("user_id") WHERE "provider_clients"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_clients_unlinked_email_idx" ON "provider_clients" USING btree ("email") WHERE "provider_clients"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "note_access_log_note_idx" ON "note_access_log" USING btree ("note_id","id");--> statement-breakpoint
CREATE INDEX "note_access_log_actor_idx" ON "note_access_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_client_created_idx" ON "notes" USING btree ("provider_client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notes_client_type_created_idx" ON "notes" USING btree ("provider_client_id","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notes_booking_idx" ON "notes" USING btree ("booking_id") WHERE "notes"."booking_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notes_key_idx" ON "notes" USING btree ("key_id");