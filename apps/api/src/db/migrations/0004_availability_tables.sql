CREATE TYPE "public"."availability_setup_type" AS ENUM('GENERAL', 'BY_CATEGORY');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('pending', 'confirmed', 'completed', 'cancelled', 'rejected', 'expired');--> statement-breakpoint
CREATE TABLE "availability_category_settings" (
	"provider_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"session_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_category_settings_provider_id_category_id_pk" PRIMARY KEY("provider_id","category_id"),
	CONSTRAINT "availability_category_settings_session_minutes_ck" CHECK ("availability_category_settings"."session_minutes" IN (30, 45, 60, 90, 120))
);
--> statement-breakpoint
CREATE TABLE "availability_date_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"category_id" uuid,
	"date" date NOT NULL,
	"is_available" boolean NOT NULL,
	"intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_date_overrides_uq" UNIQUE NULLS NOT DISTINCT("provider_id","category_id","date"),
	CONSTRAINT "availability_date_overrides_unavailable_empty_ck" CHECK ("availability_date_overrides"."is_available" OR jsonb_array_length("availability_date_overrides"."intervals") = 0)
);
--> statement-breakpoint
CREATE TABLE "availability_settings" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"setup_type" "availability_setup_type" DEFAULT 'GENERAL' NOT NULL,
	"session_minutes" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_settings_session_minutes_ck" CHECK ("availability_settings"."session_minutes" IN (30, 45, 60, 90, 120))
);
--> statement-breakpoint
CREATE TABLE "availability_weekly_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"category_id" uuid,
	"day_of_week" smallint NOT NULL,
	"is_available" boolean DEFAULT false NOT NULL,
	"intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_weekly_days_uq" UNIQUE NULLS NOT DISTINCT("provider_id","category_id","day_of_week"),
	CONSTRAINT "availability_weekly_days_dow_ck" CHECK ("availability_weekly_days"."day_of_week" BETWEEN 1 AND 7)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"therapy_category_id" uuid,
	"modality_key" text,
	"status" "booking_status" DEFAULT 'pending' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"hold_expires_at" timestamp with time zone,
	"note" text,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"currency_code" text DEFAULT 'NGN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_times_ck" CHECK (("bookings"."starts_at" IS NULL) = ("bookings"."ends_at" IS NULL) AND ("bookings"."starts_at" IS NULL OR "bookings"."ends_at" > "bookings"."starts_at"))
);
--> statement-breakpoint
ALTER TABLE "availability_category_settings" ADD CONSTRAINT "availability_category_settings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_category_settings" ADD CONSTRAINT "availability_category_settings_category_id_therapy_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."therapy_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_date_overrides" ADD CONSTRAINT "availability_date_overrides_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_date_overrides" ADD CONSTRAINT "availability_date_overrides_category_id_therapy_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."therapy_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_weekly_days" ADD CONSTRAINT "availability_weekly_days_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_weekly_days" ADD CONSTRAINT "availability_weekly_days_category_id_therapy_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."therapy_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_therapy_category_id_therapy_categories_id_fk" FOREIGN KEY ("therapy_category_id") REFERENCES "public"."therapy_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_provider_starts_idx" ON "bookings" USING btree ("provider_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_client_created_idx" ON "bookings" USING btree ("client_id","created_at");