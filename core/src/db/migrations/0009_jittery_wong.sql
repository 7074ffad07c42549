CREATE TABLE "service_id_age_proofs" (
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"bracket" integer NOT NULL,
	"next_change_at" timestamp with time zone,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_id_age_proofs_user_id_method_pk" PRIMARY KEY("user_id","method")
);
--> statement-breakpoint
CREATE TABLE "service_id_passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text[] NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "service_id_passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
ALTER TABLE "project_rules" ADD COLUMN "token_methods" text[];--> statement-breakpoint
ALTER TABLE "project_rules" ADD COLUMN "token_max_age_days" integer;--> statement-breakpoint
ALTER TABLE "session_decisions" ADD COLUMN "bracket_method" text;--> statement-breakpoint
ALTER TABLE "service_id_age_proofs" ADD CONSTRAINT "service_id_age_proofs_user_id_oauth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "oauth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_id_passkeys" ADD CONSTRAINT "service_id_passkeys_user_id_oauth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "oauth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_id_passkeys_user_idx" ON "service_id_passkeys" USING btree ("user_id");--> statement-breakpoint
-- Brackets saved before proofs had a method were all read from documents.
INSERT INTO "service_id_age_proofs" ("user_id", "method", "bracket", "next_change_at", "verified_at")
  SELECT "id", 'document', "age_bracket", "bracket_next_change_at", "created_at" FROM "oauth_users" WHERE "age_bracket" IS NOT NULL;--> statement-breakpoint
UPDATE "session_decisions" SET "bracket_method" = 'document' WHERE "bracket" IS NOT NULL;
