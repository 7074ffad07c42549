CREATE TABLE "blacklist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"project_id" text NOT NULL,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"embedding_sealed" text,
	"created_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "face_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"external_user_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"error_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "face_enrollments" (
	"project_id" text NOT NULL,
	"external_user_id" text NOT NULL,
	"embedding_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "face_enrollments_project_id_external_user_id_pk" PRIMARY KEY("project_id","external_user_id")
);
--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklist_entries" ADD CONSTRAINT "blacklist_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_challenges" ADD CONSTRAINT "face_challenges_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_enrollments" ADD CONSTRAINT "face_enrollments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blacklist_account_idx" ON "blacklist_entries" USING btree ("account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "face_challenges_user_idx" ON "face_challenges" USING btree ("project_id","external_user_id");--> statement-breakpoint
CREATE INDEX "face_challenges_created_idx" ON "face_challenges" USING btree ("created_at");