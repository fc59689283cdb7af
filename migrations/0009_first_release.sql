-- The first published version of the question bank is where the release log starts: nothing
-- changed against a version before it, so it lists no changed codes (domain/questions/releases.ts
-- changedCodes). 0008 had listed every code of it, which read as "every question changed".
UPDATE "questionnaire_versions" SET "changed_codes" = '[]'::jsonb
WHERE "id" = (SELECT min("id") FROM "questionnaire_versions");
