ALTER TABLE "questionnaire_versions" ADD COLUMN "release_notes" text;--> statement-breakpoint
ALTER TABLE "questionnaire_versions" ADD COLUMN "release_sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questionnaire_versions" ADD COLUMN "changed_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Versions published before releases: the codes each changed against the version before it, as
-- domain/questions/releases.ts changedCodes computes them (added, removed, or no longer the same
-- for an answer: wording, points, gate, conditions, evidence rule). The first version lists every code.
UPDATE "questionnaire_versions" v SET "changed_codes" = coalesce((
  SELECT jsonb_agg(d.code ORDER BY d.code) FROM (
    SELECT coalesce(n.code, o.code) AS code
    FROM (SELECT * FROM "questions" WHERE "version_id" = v.id) n
    FULL JOIN (
      SELECT * FROM "questions" WHERE "version_id" = (SELECT max(p.id) FROM "questionnaire_versions" p WHERE p.id < v.id)
    ) o ON o.code = n.code
    WHERE n.code IS NULL OR o.code IS NULL
      OR n.question_text <> o.question_text OR n.points <> o.points OR n.critical <> o.critical
      OR n.document_evidence_required <> o.document_evidence_required
      OR n.applies_when <> o.applies_when OR n.critical_when <> o.critical_when
  ) d
), '[]'::jsonb);
