CREATE TABLE "form_progress_digests" (
	"client_id" uuid NOT NULL,
	"provider_id" uuid,
	"request_ids" uuid[] NOT NULL,
	"key_id" text NOT NULL,
	"sealed" "bytea" NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_progress_digests_uq" UNIQUE NULLS NOT DISTINCT("client_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "form_progress_digests" ADD CONSTRAINT "form_progress_digests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_progress_digests" ADD CONSTRAINT "form_progress_digests_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;