CREATE TABLE "avatars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"photo_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "avatars_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "client_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"user_name" text,
	"zip_code" text,
	"photo_url" text,
	"photo_key" text,
	"avatar_id" uuid,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_booking_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"therapy_category_id" uuid,
	"fee_minor" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_booking_fees_fee_check" CHECK ("provider_booking_fees"."fee_minor" >= 0),
	CONSTRAINT "provider_booking_fees_free_check" CHECK (NOT "provider_booking_fees"."is_free" OR "provider_booking_fees"."fee_minor" = 0)
);
--> statement-breakpoint
CREATE TABLE "provider_license_states" (
	"provider_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	CONSTRAINT "provider_license_states_provider_id_state_id_pk" PRIMARY KEY("provider_id","state_id")
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"list" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_option_id_pk" PRIMARY KEY("user_id","option_id")
);
--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_booking_fees" ADD CONSTRAINT "provider_booking_fees_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_booking_fees" ADD CONSTRAINT "provider_booking_fees_therapy_category_id_therapy_categories_id_fk" FOREIGN KEY ("therapy_category_id") REFERENCES "public"."therapy_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_license_states" ADD CONSTRAINT "provider_license_states_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_license_states" ADD CONSTRAINT "provider_license_states_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_option_id_preference_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."preference_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_profiles_user_name_lower_uq" ON "client_profiles" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "provider_booking_fees_general_uq" ON "provider_booking_fees" USING btree ("provider_id") WHERE "provider_booking_fees"."therapy_category_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_booking_fees_therapy_uq" ON "provider_booking_fees" USING btree ("provider_id","therapy_category_id") WHERE "provider_booking_fees"."therapy_category_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_license_states_state_idx" ON "provider_license_states" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "user_preferences_option_user_idx" ON "user_preferences" USING btree ("option_id","user_id");