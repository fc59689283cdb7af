// Carry-forward (ADR 019): a new assessment starts from the organization's last submitted one. Its
// answers are copied as 'carried' (shown, but unanswered until a person re-confirms or changes
// them), its evidence files are copied with their dates (the copies share the stored bytes), and
// at submit the result records how the carried answers were settled and which Yes answers lack
// current evidence.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ResultView } from '#domain/contracts/assessments.ts';
import type { AnswerMap } from '#domain/scoring/types.ts';
import { carryPlan, carrySummary } from '#domain/cycles/carry.ts';
import { utcDay } from '#domain/dates.ts';
import { isCurrentEvidence } from '#domain/evidence-freshness.ts';
import type { Db } from '../../db/client.ts';
import { evidenceFiles, responseHistory, responses } from '../../db/schema/index.ts';
import type { VersionQuestion } from '../questions/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

/**
 * Copies into a new assessment (inside its create transaction) the previous assessment's answers to
 * the questions that are neither new nor changed, as origin 'carried' with their authors, one
 * history row each, and the attached evidence files of those questions. A copy keeps the file's
 * storage key (the bytes are shared: see evidence.release.ts), checksum, size, name, uploader and
 * dates; a file stored before dates existed takes its upload day as its effective date.
 */
export async function carryForward(
  tx: Db,
  input: { assessmentId: string; organizationId: string; previousId: string; previousAsked: readonly VersionQuestion[]; asked: readonly VersionQuestion[] },
): Promise<{ answers: number; evidence: number }> {
  const answers = await tx
    .select({ questionId: responses.questionId, answer: responses.answer, origin: responses.origin, updatedBy: responses.updatedBy })
    .from(responses)
    .where(eq(responses.assessmentId, input.previousId));
  const files = await tx
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.assessmentId, input.previousId), eq(evidenceFiles.organizationId, input.organizationId), eq(evidenceFiles.status, 'attached')));
  const plan = carryPlan({ previous: input.previousAsked, next: input.asked, answers, evidence: files });
  const { assessmentId, organizationId } = input;
  if (plan.answers.length) {
    await tx
      .insert(responses)
      .values(plan.answers.map((a) => ({ assessmentId, organizationId, questionId: a.questionId, answer: a.answer, origin: 'carried' as const, version: 1, updatedBy: a.updatedBy })));
    await tx
      .insert(responseHistory)
      .values(plan.answers.map((a) => ({ assessmentId, questionId: a.questionId, answer: a.answer, version: 1, origin: 'carried' as const, changedBy: a.updatedBy })));
  }
  if (plan.evidence.length) {
    await tx.insert(evidenceFiles).values(
      plan.evidence.map(({ questionId, from }) => ({
        id: randomUUID(),
        organizationId,
        assessmentId,
        questionId,
        fileName: from.fileName,
        mimeType: from.mimeType,
        sizeBytes: from.sizeBytes,
        sha256: from.sha256,
        bytesReceived: from.bytesReceived,
        storageKey: from.storageKey,
        status: 'attached' as const,
        effectiveOn: from.effectiveOn ?? utcDay(from.createdAt),
        expiresOn: from.expiresOn,
        carriedFrom: from.id,
        uploadedBy: from.uploadedBy,
      })),
    );
  }
  return { answers: plan.answers.length, evidence: plan.evidence.length };
}

/** Answers, origins and evidence of one assessment as the submit reads them (inside its transaction). */
async function carryAtSubmit(tx: Db, a: { id: string; carriedFrom: string | null }, asked: readonly VersionQuestion[]): Promise<ResultView['carry']> {
  if (!a.carriedFrom) return null;
  const carried = await tx
    .select({ questionId: responseHistory.questionId, answer: responseHistory.answer })
    .from(responseHistory)
    .where(and(eq(responseHistory.assessmentId, a.id), eq(responseHistory.origin, 'carried'), eq(responseHistory.version, 1)));
  const current = await tx
    .select({ questionId: responses.questionId, answer: responses.answer, origin: responses.origin })
    .from(responses)
    .where(eq(responses.assessmentId, a.id));
  return carrySummary({
    carriedFrom: a.carriedFrom,
    carried,
    current: new Map(current.map((r) => [r.questionId, r])),
    newQuestions: asked.filter((q) => q.novelty).length,
  });
}

/** Questions answered Yes that require document evidence and have no attached file current on `today`. */
async function evidenceMissing(tx: Db, assessmentId: string, asked: readonly VersionQuestion[], answers: AnswerMap, today: string): Promise<ResultView['evidence_missing']> {
  const needing = asked.filter((q) => q.documentEvidenceRequired && answers[q.id] === 'yes');
  if (!needing.length) return [];
  const files = await tx
    .select({ questionId: evidenceFiles.questionId, status: evidenceFiles.status, expiresOn: evidenceFiles.expiresOn })
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.assessmentId, assessmentId), eq(evidenceFiles.status, 'attached')));
  const covered = new Set(files.filter((f) => isCurrentEvidence(f, today)).map((f) => f.questionId));
  return needing.filter((q) => !covered.has(q.id)).map((q) => ({ code: q.code, question_text: q.questionText }));
}

/** The cycle parts of the result view (toResultView's fifth argument), read inside the submit transaction. */
export async function cycleResult(
  tx: Db,
  a: { id: string; carriedFrom: string | null },
  asked: readonly VersionQuestion[],
  answers: AnswerMap,
  submittedAt: Date,
): Promise<Pick<ResultView, 'carry' | 'evidence_missing'>> {
  return { carry: await carryAtSubmit(tx, a, asked), evidence_missing: await evidenceMissing(tx, a.id, asked, answers, utcDay(submittedAt)) };
}

/** Answers given (carried ones still to re-confirm do not count) and carried answers waiting for that. */
export async function answerCounts(ctx: Pick<ServiceContext, 'db'>, assessmentId: string): Promise<{ answered: number; toConfirm: number }> {
  const { db } = ctx;
  const [row] = await db
    .select({
      answered: sql<number>`count(*) filter (where ${responses.origin} <> 'carried')`.mapWith(Number),
      toConfirm: sql<number>`count(*) filter (where ${responses.origin} = 'carried')`.mapWith(Number),
    })
    .from(responses)
    .where(eq(responses.assessmentId, assessmentId));
  return { answered: row?.answered ?? 0, toConfirm: row?.toConfirm ?? 0 };
}
