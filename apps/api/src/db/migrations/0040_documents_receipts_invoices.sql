CREATE TYPE "public"."document_kind" AS ENUM('receipt', 'refund_receipt', 'invoice');--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "document_counters_last_ck" CHECK ("document_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "document_queue" (
	"ledger_transaction_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "document_kind" NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	"booking_id" uuid,
	"payer_id" uuid NOT NULL,
	"provider_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "issued_documents_sequence_ck" CHECK ("issued_documents"."sequence" > 0),
	CONSTRAINT "issued_documents_amount_ck" CHECK ("issued_documents"."amount_minor" > 0),
	CONSTRAINT "issued_documents_invoice_ck" CHECK ("issued_documents"."kind" <> 'invoice' OR "issued_documents"."booking_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "session_diagnoses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"codes" "bytea" NOT NULL,
	"place_of_service" text DEFAULT '10' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_diagnoses_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "session_diagnoses_pos_ck" CHECK ("session_diagnoses"."place_of_service" IN ('02', '10'))
);
--> statement-breakpoint
CREATE TABLE "provider_billing_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"practice_name" text,
	"npi" text,
	"license_number" text,
	"license_state_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_billing_details_npi_ck" CHECK ("provider_billing_details"."npi" IS NULL OR "provider_billing_details"."npi" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "document_queue" ADD CONSTRAINT "document_queue_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_diagnoses" ADD CONSTRAINT "session_diagnoses_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_diagnoses" ADD CONSTRAINT "session_diagnoses_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_billing_details" ADD CONSTRAINT "provider_billing_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_billing_details" ADD CONSTRAINT "provider_billing_details_license_state_id_states_id_fk" FOREIGN KEY ("license_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_queue_created_idx" ON "document_queue" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_number_uq" ON "issued_documents" USING btree ("series","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_transaction_kind_uq" ON "issued_documents" USING btree ("ledger_transaction_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_invoice_booking_uq" ON "issued_documents" USING btree ("booking_id") WHERE "issued_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "issued_documents_payer_idx" ON "issued_documents" USING btree ("payer_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issued_documents_provider_idx" ON "issued_documents" USING btree ("provider_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issued_documents_booking_idx" ON "issued_documents" USING btree ("booking_id") WHERE "issued_documents"."booking_id" IS NOT NULL;