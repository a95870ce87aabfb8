CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rollout_percent" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "feature_flags_rollout_ck" CHECK ("feature_flags"."rollout_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_preferences_user_id_category_channel_pk" PRIMARY KEY("user_id","category","channel"),
	CONSTRAINT "notification_preferences_channel_ck" CHECK ("notification_preferences"."channel" IN ('inApp', 'email'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"subject_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fold_key" text,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_count_ck" CHECK ("notifications"."count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "session_reminders" (
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_reminders_booking_id_kind_starts_at_pk" PRIMARY KEY("booking_id","kind","starts_at"),
	CONSTRAINT "session_reminders_kind_ck" CHECK ("session_reminders"."kind" IN ('24h', '1h'))
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_id" text,
	"user_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"started_on" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "support_conversations_owner_ck" CHECK ("support_conversations"."visitor_id" IS NOT NULL OR "support_conversations"."user_id" IS NOT NULL),
	CONSTRAINT "support_conversations_status_ck" CHECK ("support_conversations"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author" text NOT NULL,
	"operator_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_messages_author_ck" CHECK ("support_messages"."author" IN ('visitor', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "delivery_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_fold_uq" ON "notifications" USING btree ("user_id","fold_key") WHERE "notifications"."read_at" IS NULL AND "notifications"."fold_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "support_conversations_status_last_idx" ON "support_conversations" USING btree ("status","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_open_visitor_uq" ON "support_conversations" USING btree ("visitor_id") WHERE "support_conversations"."status" = 'open' AND "support_conversations"."visitor_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_open_user_uq" ON "support_conversations" USING btree ("user_id") WHERE "support_conversations"."status" = 'open' AND "support_conversations"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_confirmed_starts_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "emails_queued_unsent_idx" ON "emails" USING btree ("queued_at") WHERE "emails"."queued_at" IS NOT NULL AND "emails"."sent_at" IS NULL;