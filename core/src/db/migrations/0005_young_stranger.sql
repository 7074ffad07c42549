CREATE TABLE "widget_handoffs" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"phone_token_hash" text
);
--> statement-breakpoint
ALTER TABLE "widget_handoffs" ADD CONSTRAINT "widget_handoffs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_handoffs_session_idx" ON "widget_handoffs" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_handoffs_phone_token_idx" ON "widget_handoffs" USING btree ("phone_token_hash");