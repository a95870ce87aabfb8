CREATE TYPE "public"."ledger_account_kind" AS ENUM('client_wallet', 'provider_earnings', 'booking_escrow', 'platform_commission', 'gateway_clearing');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_type" AS ENUM('top_up', 'booking_payment', 'refund', 'earning', 'payout', 'payout_reversal');--> statement-breakpoint
CREATE TYPE "public"."payment_channel" AS ENUM('card', 'bank_transfer');--> statement-breakpoint
CREATE TYPE "public"."payment_credited_to" AS ENUM('wallet', 'booking');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('top_up', 'booking');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'success', 'failed', 'abandoned');--> statement-breakpoint
CREATE TYPE "public"."payout_status" AS ENUM('pending', 'success', 'failed', 'reversed');--> statement-breakpoint
CREATE TABLE "commission_rates" (
	"country_code" text PRIMARY KEY NOT NULL,
	"rate_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_range_ck" CHECK ("commission_rates"."rate_bps" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" uuid,
	"currency_code" text NOT NULL,
	"gateway" text,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_key_unique" UNIQUE("key"),
	CONSTRAINT "ledger_accounts_balance_ck" CHECK ("ledger_accounts"."kind" = 'gateway_clearing' OR "ledger_accounts"."balance_minor" >= 0),
	CONSTRAINT "ledger_accounts_owner_ck" CHECK (("ledger_accounts"."kind" IN ('client_wallet', 'provider_earnings')) = ("ledger_accounts"."user_id" IS NOT NULL)),
	CONSTRAINT "ledger_accounts_gateway_ck" CHECK (("ledger_accounts"."kind" = 'gateway_clearing') = ("ledger_accounts"."gateway" IS NOT NULL)),
	CONSTRAINT "ledger_accounts_currency_ck" CHECK ("ledger_accounts"."currency_code" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"transaction_type" "ledger_transaction_type" NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_amount_ck" CHECK ("ledger_entries"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "ledger_transaction_type" NOT NULL,
	"reference" text NOT NULL,
	"description" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "payment_purpose" NOT NULL,
	"purpose_id" uuid,
	"channel" "payment_channel" NOT NULL,
	"gateway" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"authorization_url" text,
	"callback_url" text,
	"credited_to" "payment_credited_to",
	"ledger_transaction_id" uuid,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_success_ck" CHECK (("payments"."status" = 'success') = ("payments"."ledger_transaction_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "payout_bank_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"variant" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"address" text,
	"postal_code" text,
	"account_type" text,
	"account_ownership" text,
	"date_of_birth" date,
	"recipient_gateway" text,
	"recipient_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_bank_accounts_variant_ck" CHECK ("payout_bank_accounts"."variant" IN ('general', 'GB', 'US')),
	CONSTRAINT "payout_bank_accounts_type_ck" CHECK ("payout_bank_accounts"."account_type" IS NULL OR "payout_bank_accounts"."account_type" IN ('checking', 'savings')),
	CONSTRAINT "payout_bank_accounts_ownership_ck" CHECK ("payout_bank_accounts"."account_ownership" IS NULL OR "payout_bank_accounts"."account_ownership" IN ('business', 'personal'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"gateway" text NOT NULL,
	"status" "payout_status" DEFAULT 'pending' NOT NULL,
	"transfer_code" text,
	"destination" jsonb NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"reversal_transaction_id" uuid,
	"failure_reason" text,
	"last_checked_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payouts_amount_ck" CHECK ("payouts"."amount_minor" > 0),
	CONSTRAINT "payouts_reversal_ck" CHECK (("payouts"."status" IN ('failed', 'reversed')) = ("payouts"."reversal_transaction_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"callback_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "virtual_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"currency_code" text NOT NULL,
	"gateway" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"gateway_customer_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_bank_accounts" ADD CONSTRAINT "payout_bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reversal_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("reversal_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_kind_idx" ON "ledger_accounts" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_account_type_created_idx" ON "ledger_entries" USING btree ("account_id","transaction_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_pending_created_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_purpose_idx" ON "payments" USING btree ("purpose","purpose_id");--> statement-breakpoint
CREATE INDEX "payouts_user_created_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_pending_created_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_user_currency_uq" ON "virtual_accounts" USING btree ("user_id","currency_code");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_gateway_number_uq" ON "virtual_accounts" USING btree ("gateway","account_number");--> statement-breakpoint
CREATE INDEX "virtual_accounts_customer_idx" ON "virtual_accounts" USING btree ("gateway","gateway_customer_code");