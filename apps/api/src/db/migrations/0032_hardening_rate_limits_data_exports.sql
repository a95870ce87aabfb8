CREATE TYPE "public"."data_export_status" AS ENUM('pending', 'running', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "data_export_status" DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"file_key" text,
	"size_bytes" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "data_exports_ready_has_file" CHECK ("data_exports"."status" <> 'ready' OR "data_exports"."file_key" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_pk" PRIMARY KEY("name","key_hash")
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_open_uq" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" IN ('pending', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_open_idx" ON "data_exports" USING btree ("requested_at") WHERE "data_exports"."status" IN ('pending', 'running');--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_ends_at");