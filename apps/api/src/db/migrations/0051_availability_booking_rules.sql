CREATE TABLE "availability_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_time_off_range_ck" CHECK ("availability_time_off"."ends_at" > "availability_time_off"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "min_notice_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "horizon_days" integer DEFAULT 92 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "daily_max" integer;--> statement-breakpoint
ALTER TABLE "availability_settings" ADD COLUMN "weekly_max" integer;--> statement-breakpoint
ALTER TABLE "availability_time_off" ADD CONSTRAINT "availability_time_off_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_time_off_provider_idx" ON "availability_time_off" USING btree ("provider_id","ends_at");--> statement-breakpoint
ALTER TABLE "availability_settings" ADD CONSTRAINT "availability_settings_rules_ck" CHECK ("availability_settings"."min_notice_hours" >= 0 AND "availability_settings"."horizon_days" >= 1 AND "availability_settings"."buffer_before_minutes" >= 0
        AND "availability_settings"."buffer_after_minutes" >= 0 AND ("availability_settings"."daily_max" IS NULL OR "availability_settings"."daily_max" >= 1)
        AND ("availability_settings"."weekly_max" IS NULL OR "availability_settings"."weekly_max" >= 1));--> statement-breakpoint
-- Time off changes which slots the calendar offers: it moves the calendar revision like the other
-- calendar tables (0016), so a slot identifier listed before the change takes the checked path.
CREATE TRIGGER availability_time_off_revision AFTER INSERT OR UPDATE OR DELETE ON availability_time_off
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_revision();
