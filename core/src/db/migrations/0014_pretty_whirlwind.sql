ALTER TABLE "api_keys" ADD COLUMN "hint" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;