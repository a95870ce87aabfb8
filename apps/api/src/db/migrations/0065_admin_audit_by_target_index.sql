DROP INDEX "audit_log_target_idx";--> statement-breakpoint
CREATE INDEX "audit_log_target_at_idx" ON "audit_log" USING btree ("target_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);