-- migrate:outside-transaction
-- Run statement by statement outside a transaction on PostgreSQL, so every index is built with
-- CREATE INDEX CONCURRENTLY and writes go on meanwhile; each statement can run again after an
-- interruption (server/db/migrate.ts, docs/decisions/026-platform-scale-admin-lists-and-indexes.md).
-- 1. admin_counts: row counts per status for GET /api/admin/overview, kept by statement-level
--    triggers. One block, one transaction: CREATE TRIGGER locks out writes to the table until the
--    commit, so the backfill counts exactly the rows the triggers do not see.
DO $do$
BEGIN
CREATE TABLE IF NOT EXISTS "admin_counts" (
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "admin_counts_subject_status_pk" PRIMARY KEY("subject","status")
);
CREATE OR REPLACE FUNCTION admin_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO admin_counts (subject, status, n)
    SELECT TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY status
  ON CONFLICT (subject, status) DO UPDATE SET n = admin_counts.n + excluded.n;
  RETURN NULL;
END $fn$;
CREATE OR REPLACE FUNCTION admin_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO admin_counts (subject, status, n)
    SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY status
  ON CONFLICT (subject, status) DO UPDATE SET n = admin_counts.n + excluded.n;
  RETURN NULL;
END $fn$;
-- Only a changed status writes a row: most updates (an answer save touching assessments) net to nothing.
CREATE OR REPLACE FUNCTION admin_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO admin_counts (subject, status, n)
    SELECT TG_TABLE_NAME, status, sum(d) FROM (
      SELECT status, 1 AS d FROM new_rows UNION ALL SELECT status, -1 FROM old_rows
    ) x GROUP BY status HAVING sum(d) <> 0
  ON CONFLICT (subject, status) DO UPDATE SET n = admin_counts.n + excluded.n;
  RETURN NULL;
END $fn$;
DROP TRIGGER IF EXISTS admin_counts_ins ON organizations;
DROP TRIGGER IF EXISTS admin_counts_del ON organizations;
DROP TRIGGER IF EXISTS admin_counts_upd ON organizations;
DROP TRIGGER IF EXISTS admin_counts_ins ON profiles;
DROP TRIGGER IF EXISTS admin_counts_del ON profiles;
DROP TRIGGER IF EXISTS admin_counts_upd ON profiles;
DROP TRIGGER IF EXISTS admin_counts_ins ON assessments;
DROP TRIGGER IF EXISTS admin_counts_del ON assessments;
DROP TRIGGER IF EXISTS admin_counts_upd ON assessments;
CREATE TRIGGER admin_counts_ins AFTER INSERT ON organizations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_inserted();
CREATE TRIGGER admin_counts_del AFTER DELETE ON organizations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_deleted();
CREATE TRIGGER admin_counts_upd AFTER UPDATE ON organizations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_updated();
CREATE TRIGGER admin_counts_ins AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_inserted();
CREATE TRIGGER admin_counts_del AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_deleted();
CREATE TRIGGER admin_counts_upd AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_updated();
CREATE TRIGGER admin_counts_ins AFTER INSERT ON assessments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_inserted();
CREATE TRIGGER admin_counts_del AFTER DELETE ON assessments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_deleted();
CREATE TRIGGER admin_counts_upd AFTER UPDATE ON assessments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_counts_updated();
DELETE FROM admin_counts;
INSERT INTO admin_counts (subject, status, n)
  SELECT 'organizations', status, count(*) FROM organizations GROUP BY status
  UNION ALL SELECT 'profiles', status, count(*) FROM profiles GROUP BY status
  UNION ALL SELECT 'assessments', status, count(*) FROM assessments GROUP BY status;
END
$do$;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_log_action_prefix_idx" ON "audit_log" USING btree (lower("action") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_log_target_prefix_idx" ON "audit_log" USING btree (lower("target_id") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "invitations_invited_by_idx" ON "invitations" USING btree ("invited_by");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "join_requests_decided_by_idx" ON "join_requests" USING btree ("decided_by");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "organizations_name_id_idx" ON "organizations" USING btree ("name","id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "organizations_name_prefix_idx" ON "organizations" USING btree (lower("name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "organizations_contact_email_prefix_idx" ON "organizations" USING btree (lower("contact_email") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "organizations_paid_until_idx" ON "organizations" USING btree ("paid_until");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "profiles_name_order_idx" ON "profiles" USING btree ("last_name","first_name","email","id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "profiles_email_prefix_idx" ON "profiles" USING btree (lower("email") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "profiles_last_name_prefix_idx" ON "profiles" USING btree (lower("last_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "profiles_first_name_prefix_idx" ON "profiles" USING btree (lower("first_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "assessment_questions_question_idx" ON "assessment_questions" USING btree ("question_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "assessments_version_idx" ON "assessments" USING btree ("version_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "assessments_carried_from_idx" ON "assessments" USING btree ("carried_from");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "assessments_started_by_idx" ON "assessments" USING btree ("started_by");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "assessments_submitted_by_idx" ON "assessments" USING btree ("submitted_by");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "assessments_started_id_idx" ON "assessments" USING btree ("started_at","id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "client_mutations_org_idx" ON "client_mutations" USING btree ("organization_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "corrective_actions_owner_idx" ON "corrective_actions" USING btree ("owner_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "corrective_actions_latest_assessment_idx" ON "corrective_actions" USING btree ("latest_assessment_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "corrective_actions_closed_in_idx" ON "corrective_actions" USING btree ("closed_in_assessment_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "corrective_actions_updated_by_idx" ON "corrective_actions" USING btree ("updated_by");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "deferrals_org_idx" ON "deferrals" USING btree ("organization_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "deferrals_deferred_by_idx" ON "deferrals" USING btree ("deferred_by");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "evidence_uploaded_by_idx" ON "evidence_files" USING btree ("uploaded_by");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "responses_org_idx" ON "responses" USING btree ("organization_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "responses_question_idx" ON "responses" USING btree ("question_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "responses_updated_by_idx" ON "responses" USING btree ("updated_by");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "certifications_assessment_idx" ON "certifications" USING btree ("assessment_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "notifications_org_idx" ON "notifications" USING btree ("organization_id");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id");
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "audit_log_created_idx";
