CREATE TABLE "review_replies" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "review_replies_body_ck" CHECK (char_length("review_replies"."body") BETWEEN 2 AND 2500)
);
--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_replies_provider_idx" ON "review_replies" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "reviews_provider_highest_idx" ON "reviews" USING btree ("provider_id","rating_halves" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_provider_lowest_idx" ON "reviews" USING btree ("provider_id","rating_halves","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" IS NULL;