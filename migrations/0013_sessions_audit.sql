-- migrate:outside-transaction
-- Sessions and the sign-in audit trail (docs/decisions/042-sessions-and-sign-in-audit.md). Outside
-- a transaction so the audit_log index is built CONCURRENTLY (ADR 026); every statement can run again.
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "session_idle_minutes" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "session_max_hours" integer;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN IF NOT EXISTS "ip" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN IF NOT EXISTS "user_agent" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN IF NOT EXISTS "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_log_org_created_idx" ON "audit_log" USING btree ("organization_id","created_at","id");
