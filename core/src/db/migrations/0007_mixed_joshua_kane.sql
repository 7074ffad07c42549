ALTER TABLE "blacklist_entries" ADD COLUMN "error_reasons" text[];--> statement-breakpoint
ALTER TABLE "face_challenges" ADD COLUMN "error_reasons" text[];