CREATE TABLE "auth_unknown_sign_ins" (
	"email" text PRIMARY KEY NOT NULL,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "confirmation_sent_at" timestamp with time zone;