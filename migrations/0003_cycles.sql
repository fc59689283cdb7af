CREATE TABLE "certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"verify_code" text NOT NULL,
	"signer_user_id" uuid,
	"signer_name" text NOT NULL,
	"signer_title" text NOT NULL,
	"statement" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"total_score" integer NOT NULL,
	"grade" text NOT NULL,
	"pass_fail" text NOT NULL,
	"version_id" integer NOT NULL,
	"version_label" text NOT NULL,
	"applicability" jsonb,
	"canonical" text NOT NULL,
	"sha256" text NOT NULL,
	"supersedes_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"organization_id" uuid,
	"recipient_id" uuid,
	"recipient_email" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "certifying_official_id" uuid;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD COLUMN "novelty" text;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "carried_from" uuid;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "latest_assessment_id" uuid;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "closed_note" text;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD COLUMN "closed_in_assessment_id" uuid;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "effective_on" date;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD COLUMN "carried_from" uuid;--> statement-breakpoint
ALTER TABLE "response_history" ADD COLUMN "origin" text DEFAULT 'answered' NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "origin" text DEFAULT 'answered' NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_verify_code_uq" ON "certifications" USING btree ("verify_code");--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_supersedes_uq" ON "certifications" USING btree ("supersedes_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certifications_first_uq" ON "certifications" USING btree ("organization_id") WHERE supersedes_id is null;--> statement-breakpoint
CREATE INDEX "certifications_org_idx" ON "certifications" USING btree ("organization_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_uq" ON "notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_status_idx" ON "notifications" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_carried_from_assessments_id_fk" FOREIGN KEY ("carried_from") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_latest_assessment_id_assessments_id_fk" FOREIGN KEY ("latest_assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_closed_in_assessment_id_assessments_id_fk" FOREIGN KEY ("closed_in_assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corrective_actions_org_idx" ON "corrective_actions" USING btree ("organization_id","status");--> statement-breakpoint
-- Self-certification records never change (ADR 019): signing again inserts a successor. A record
-- goes only with its organization (the cascade from organizations, whose row is gone by then).
CREATE FUNCTION "certifications_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'certification records are immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM "organizations" WHERE "id" = OLD."organization_id") THEN
    RAISE EXCEPTION 'certification records are immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "certifications_no_update" BEFORE UPDATE OR DELETE ON "certifications" FOR EACH ROW EXECUTE FUNCTION "certifications_immutable"();--> statement-breakpoint
-- Actions opened before cycles: their question code, and the assessment they were last seen in.
UPDATE "corrective_actions" ca SET "code" = q."code", "latest_assessment_id" = ca."assessment_id",
  "closed_at" = CASE WHEN ca."status" = 'done' THEN ca."updated_at" END
FROM "questions" q WHERE q."id" = ca."question_id";
