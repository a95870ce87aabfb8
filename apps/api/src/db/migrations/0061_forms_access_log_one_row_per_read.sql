ALTER TABLE "form_access_log" ALTER COLUMN "request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "form_access_log" ADD COLUMN "request_ids" uuid[];--> statement-breakpoint
CREATE INDEX "form_access_log_requests_idx" ON "form_access_log" USING gin ("request_ids");--> statement-breakpoint
ALTER TABLE "form_access_log" ADD CONSTRAINT "form_access_log_forms_ck" CHECK (("form_access_log"."request_id" IS NULL) <> ("form_access_log"."request_ids" IS NULL));