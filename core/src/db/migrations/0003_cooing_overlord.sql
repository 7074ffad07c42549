CREATE TABLE "document_fingerprints" (
	"session_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"number_hmac" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_rules" (
	"project_id" text PRIMARY KEY NOT NULL,
	"content_category" text NOT NULL,
	"restricted_countries" text[],
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"project_id" text NOT NULL,
	"reason" text NOT NULL,
	"context" jsonb NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"decided_by_key_id" text,
	"retake_session_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "session_decisions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"risk_band" text,
	"risk_signals" text[] NOT NULL,
	"bracket" integer,
	"bracket_next_change_at" timestamp with time zone,
	"bracket_claimable_until" timestamp with time zone,
	"bracket_claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_secrets" (
	"session_id" text PRIMARY KEY NOT NULL,
	"claims_sealed" text,
	"selfie_embedding_sealed" text,
	"purge_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_hmac_keys" (
	"account_id" text PRIMARY KEY NOT NULL,
	"key_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_fingerprints" ADD CONSTRAINT "document_fingerprints_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_fingerprints" ADD CONSTRAINT "document_fingerprints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rules" ADD CONSTRAINT "project_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_decisions" ADD CONSTRAINT "session_decisions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_secrets" ADD CONSTRAINT "session_secrets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_hmac_keys" ADD CONSTRAINT "tenant_hmac_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_fingerprints_lookup_idx" ON "document_fingerprints" USING btree ("account_id","number_hmac","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_session_idx" ON "reviews" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "reviews_project_status_idx" ON "reviews" USING btree ("project_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_retake_session_idx" ON "reviews" USING btree ("retake_session_id");--> statement-breakpoint
CREATE INDEX "session_secrets_purge_idx" ON "session_secrets" USING btree ("purge_at");