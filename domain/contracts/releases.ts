// Content releases (ADR 038): the release notes of each published version of the question bank, and
// moving an assessment in progress to a newer release. Response shapes are snake_case (ADR 016)
// except `publishedAt`, the published name of a release's date.
import { z } from 'zod';

/** How many releases GET /api/content/releases returns at most (newest first). */
export const RELEASES_LIMIT = 50;

/** One release: a published version of the question bank. */
export interface ReleaseView {
  /** The version's label, e.g. "v7". */
  version: string;
  version_id: number;
  /** ISO instant the version was published. */
  publishedAt: string;
  /** What changed and why (CONTENT_MSG.releaseNotesMissing for versions published before release notes). */
  notes: string;
  /** Citations of the sources the release rests on. */
  sources: string[];
  /** Codes of the questions added, removed or changed for an answer against the version before it. */
  changed: string[];
  /** The first version published: the log starts there, so it changed nothing (`changed` is empty). */
  first: boolean;
}

export interface ReleasesView {
  releases: ReleaseView[];
}

/** What moving an assessment in progress to the newest release would do (or did). */
export interface ReleaseMoveView {
  version_id: number;
  version: string;
  /** Answers that stay (their question is the same for an answer). */
  answers_kept: number;
  /** Answers cleared: their question changed or is no longer asked. */
  answers_cleared: number;
  /** Codes asked in both releases whose answer is asked again. */
  re_asked: string[];
  /** Codes asked for the first time. */
  added: string[];
  /** Codes no longer asked of the organization. */
  removed: string[];
}

/** GET /api/assessments/{id}/release: the assessment's release and the newer one that changes its questions, if any. */
export interface AssessmentReleaseView {
  version_id: number;
  version: string;
  /** null: the assessment is submitted, on the newest release, or no newer release changes a question it asks. */
  update: (ReleaseMoveView & { notes: string; publishedAt: string }) | null;
}

/** POST /api/assessments/{id}/release: move to the release the org_admin saw (refused when a newer one came since). */
export const moveReleaseSchema = z.object({
  versionId: z.number({ error: 'versionId must be the id of the release to move to' }).int().positive(),
});
export type MoveReleaseInput = z.infer<typeof moveReleaseSchema>;
