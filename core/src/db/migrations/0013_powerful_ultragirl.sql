ALTER TABLE "team_audit_log" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "team_audit_log_account_seq_idx" ON "team_audit_log" USING btree ("account_id","seq");