CREATE TABLE "team_passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"sign_count" bigint NOT NULL,
	"transports" jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "team_passkeys" ADD CONSTRAINT "team_passkeys_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_passkeys_credential_idx" ON "team_passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "team_passkeys_member_idx" ON "team_passkeys" USING btree ("member_id");