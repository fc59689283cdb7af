CREATE TABLE "assessment_questions" (
	"assessment_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"critical" boolean NOT NULL,
	CONSTRAINT "assessment_questions_assessment_id_question_id_pk" PRIMARY KEY("assessment_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "applicability" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "applicability_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "applicability_updated_by" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "applies_when" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "critical_when" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "clock" jsonb;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "applicability" jsonb;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD CONSTRAINT "assessment_questions_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD CONSTRAINT "assessment_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Assessments started before applicability profiles ask every question of their version, with the
-- gates as published (ADR 018).
INSERT INTO "assessment_questions" ("assessment_id", "question_id", "critical")
SELECT a."id", q."id", q."critical" FROM "assessments" a JOIN "questions" q ON q."version_id" = a."version_id";
