DROP INDEX "provider_directory_options_idx";--> statement-breakpoint
ALTER TABLE "provider_directory" ADD COLUMN "filter_keys" uuid[] GENERATED ALWAYS AS (CASE WHEN country_id IS NULL THEN option_ids ELSE option_ids || country_id END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_directory_filter_keys_idx" ON "provider_directory" USING gin ("filter_keys");--> statement-breakpoint
ANALYZE "provider_directory";