DROP INDEX "sessions_project_idx";--> statement-breakpoint
CREATE INDEX "sessions_project_created_idx" ON "sessions" USING btree ("project_id","created_at","id");