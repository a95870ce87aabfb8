CREATE TYPE "public"."qualification_type" AS ENUM('license', 'education', 'association', 'certification', 'conduct');--> statement-breakpoint
CREATE TYPE "public"."verification_decision" AS ENUM('approved', 'rejected');--> statement-breakpoint
CREATE TABLE "indemnity_insurances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"expires_on" date NOT NULL,
	"reminded_30_at" timestamp with time zone,
	"reminded_7_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indemnity_insurances_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "qualification_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"qualification_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualification_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "qualifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"type" "qualification_type" NOT NULL,
	"body" text,
	"credential_number" text,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"admin_id" uuid,
	"decision" "verification_decision" NOT NULL,
	"note" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"job_title" text NOT NULL,
	"start_month" date NOT NULL,
	"end_month" date,
	"currently_works_here" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_history_current_no_end" CHECK (NOT ("work_history"."currently_works_here" AND "work_history"."end_month" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "indemnity_insurances" ADD CONSTRAINT "indemnity_insurances_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD CONSTRAINT "qualification_files_qualification_id_qualifications_id_fk" FOREIGN KEY ("qualification_id") REFERENCES "public"."qualifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_files" ADD CONSTRAINT "qualification_files_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_decisions" ADD CONSTRAINT "verification_decisions_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_decisions" ADD CONSTRAINT "verification_decisions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_history" ADD CONSTRAINT "work_history_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "indemnity_insurances_provider_idx" ON "indemnity_insurances" USING btree ("provider_id","expires_on");--> statement-breakpoint
CREATE INDEX "indemnity_insurances_expires_idx" ON "indemnity_insurances" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "qualification_files_qualification_idx" ON "qualification_files" USING btree ("qualification_id");--> statement-breakpoint
CREATE INDEX "qualification_files_provider_idx" ON "qualification_files" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "qualifications_provider_idx" ON "qualifications" USING btree ("provider_id","type","created_at");--> statement-breakpoint
CREATE INDEX "verification_decisions_provider_idx" ON "verification_decisions" USING btree ("provider_id","decided_at");--> statement-breakpoint
CREATE INDEX "work_history_provider_idx" ON "work_history" USING btree ("provider_id","start_month");