CREATE TABLE "wallet_trust_lists" (
	"url" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"next_update" timestamp with time zone
);
