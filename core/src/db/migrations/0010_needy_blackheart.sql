ALTER TABLE "oauth_users" DROP COLUMN "age_bracket";--> statement-breakpoint
ALTER TABLE "oauth_users" DROP COLUMN "bracket_next_change_at";