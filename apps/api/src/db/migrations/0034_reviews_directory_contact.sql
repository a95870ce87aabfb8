CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"message" text NOT NULL,
	"language" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_directory" (
	"provider_id" uuid PRIMARY KEY NOT NULL,
	"country_id" uuid,
	"state_id" uuid,
	"gender" text,
	"religion_id" uuid,
	"ethnicity_id" uuid,
	"fee_minor" integer,
	"fee_currency" text,
	"fee_is_free" boolean,
	"document_en" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"document_de" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum_halves" integer DEFAULT 0 NOT NULL,
	"next_available_at" timestamp with time zone,
	"next_checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"rating_halves" smallint NOT NULL,
	"comment" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"edit_count" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"last_reported_at" timestamp with time zone,
	"moderated_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	CONSTRAINT "reviews_rating_ck" CHECK ("reviews"."rating_halves" BETWEEN 1 AND 10),
	CONSTRAINT "reviews_edit_count_ck" CHECK ("reviews"."edit_count" BETWEEN 0 AND 1),
	CONSTRAINT "reviews_comment_ck" CHECK ("reviews"."comment" IS NULL OR char_length("reviews"."comment") BETWEEN 5 AND 2500)
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_directory" ADD CONSTRAINT "provider_directory_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_directory" ADD CONSTRAINT "provider_directory_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_directory" ADD CONSTRAINT "provider_directory_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_directory" ADD CONSTRAINT "provider_directory_religion_id_preference_options_id_fk" FOREIGN KEY ("religion_id") REFERENCES "public"."preference_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_directory" ADD CONSTRAINT "provider_directory_ethnicity_id_preference_options_id_fk" FOREIGN KEY ("ethnicity_id") REFERENCES "public"."preference_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_directory_country_idx" ON "provider_directory" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "provider_directory_state_idx" ON "provider_directory" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "provider_directory_gender_idx" ON "provider_directory" USING btree ("gender");--> statement-breakpoint
CREATE INDEX "provider_directory_religion_idx" ON "provider_directory" USING btree ("religion_id");--> statement-breakpoint
CREATE INDEX "provider_directory_ethnicity_idx" ON "provider_directory" USING btree ("ethnicity_id");--> statement-breakpoint
CREATE INDEX "provider_directory_fee_idx" ON "provider_directory" USING btree ("fee_currency","fee_minor");--> statement-breakpoint
CREATE INDEX "provider_directory_next_idx" ON "provider_directory" USING btree ("next_available_at");--> statement-breakpoint
CREATE INDEX "provider_directory_rating_idx" ON "provider_directory" USING btree (("rating_sum_halves"::numeric / NULLIF("review_count", 0)) DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_directory_document_en_idx" ON "provider_directory" USING gin ("document_en");--> statement-breakpoint
CREATE INDEX "provider_directory_document_de_idx" ON "provider_directory" USING gin ("document_de");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_reporter_uq" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_uq" ON "reviews" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "reviews_provider_visible_idx" ON "reviews" USING btree ("provider_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_client_idx" ON "reviews" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_reported_idx" ON "reviews" USING btree ("last_reported_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."last_reported_at" IS NOT NULL;