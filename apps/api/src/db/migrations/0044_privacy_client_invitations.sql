ALTER TABLE "provider_clients" ADD COLUMN "invitee_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_clients" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_clients" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_clients" ADD CONSTRAINT "provider_clients_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_clients_invitee_idx" ON "provider_clients" USING btree ("invitee_id") WHERE "provider_clients"."invitee_id" IS NOT NULL;