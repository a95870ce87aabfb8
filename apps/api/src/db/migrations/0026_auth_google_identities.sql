CREATE TABLE "auth_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "auth_identities_provider_ck" CHECK ("auth_identities"."provider" in ('google'))
);
--> statement-breakpoint
CREATE TABLE "auth_identity_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"browser_token_hash" text NOT NULL,
	"email_token_hash" text,
	"password_attempts" integer DEFAULT 0 NOT NULL,
	"language" text NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "auth_identity_links_attempts_ck" CHECK ("auth_identity_links"."password_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "auth_oidc_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"language" text NOT NULL,
	"return_to" text,
	"country_code" text,
	"timezone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auth_identities" ADD CONSTRAINT "auth_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_identity_links" ADD CONSTRAINT "auth_identity_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_identities_provider_subject_uq" ON "auth_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_identities_user_provider_uq" ON "auth_identities" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_identity_links_browser_uq" ON "auth_identity_links" USING btree ("browser_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_identity_links_email_uq" ON "auth_identity_links" USING btree ("email_token_hash");--> statement-breakpoint
CREATE INDEX "auth_identity_links_user_idx" ON "auth_identity_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_identity_links_expires_idx" ON "auth_identity_links" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_oidc_flows_state_uq" ON "auth_oidc_flows" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "auth_oidc_flows_expires_idx" ON "auth_oidc_flows" USING btree ("expires_at");