CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan" text NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"monthly_budget_cents" bigint,
	"top_up_checks" integer DEFAULT 0 NOT NULL,
	"top_up_verifications" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"api_version" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"status" text NOT NULL,
	"step" text NOT NULL,
	"purpose" text NOT NULL,
	"verification_mode" text NOT NULL,
	"min_age" integer,
	"mismatch_policy" text NOT NULL,
	"callback_url" text NOT NULL,
	"external_user_id" text,
	"theme" text,
	"locale" text,
	"ip_country" text,
	"path" text,
	"path_rule" text,
	"init_token_hash" text NOT NULL,
	"init_token_expires_at" timestamp with time zone NOT NULL,
	"init_token_used_at" timestamp with time zone,
	"result_token_hash" text NOT NULL,
	"result_token_sealed" text NOT NULL,
	"result_token_consumed_at" timestamp with time zone,
	"result_expires_at" timestamp with time zone NOT NULL,
	"widget_token_hash" text,
	"device_nonce_hash" text,
	"device_nonce_expires_at" timestamp with time zone,
	"device_nonce_issued_at" timestamp with time zone,
	"checks" jsonb NOT NULL,
	"reason" text,
	"verification_type" text,
	"billed_kind" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"project_id" text NOT NULL,
	"session_id" text,
	"idempotency_key" text,
	"kind" text NOT NULL,
	"month" text NOT NULL,
	"included" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"project_id" text NOT NULL,
	"session_id" text,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "outbox_events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_project_idx" ON "api_keys" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "projects_account_idx" ON "projects" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_init_token_idx" ON "sessions" USING btree ("init_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_result_token_idx" ON "sessions" USING btree ("result_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_widget_token_idx" ON "sessions" USING btree ("widget_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_project_idx" ON "sessions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "sessions_expiry_idx" ON "sessions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_session_kind_idx" ON "billing_events" USING btree ("session_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_idempotency_idx" ON "billing_events" USING btree ("project_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "billing_account_month_idx" ON "billing_events" USING btree ("account_id","month");--> statement-breakpoint
CREATE INDEX "outbox_project_idx" ON "outbox_events" USING btree ("project_id","seq");