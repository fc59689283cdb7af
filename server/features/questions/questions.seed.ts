// Seeds the question bank from code (domain/questions/bank.ts) as a versioned questionnaire.
// Versions seeded from code carry "seeded-from-code sha256:<hash>" in notes; when the bank in
// code differs from the newest such version, a new version is published with the release notes of
// its entry in domain/questions/releases.ts (RELEASE_LOG, matched by the hash). Existing rows are
// never modified, so past assessments keep the questions they were answered against.
import { createHash } from 'node:crypto';
import { count, desc, like, sql } from 'drizzle-orm';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { CONTENT_MSG } from '#domain/content-messages.ts';
import { releaseEntryFor, releaseNotesText } from '#domain/questions/releases.ts';
import type { SourceDef } from '#domain/questions/source-types.ts';
import { SOURCES } from '#domain/questions/sources.ts';
import type { QuestionDef } from '#domain/questions/question-types.ts';
import { questionnaireVersions } from '../../db/schema/index.ts';
import { publishVersion } from './questions.service.ts';
import type { ServiceContext } from '../../lib/context.ts';

export const SEED_NOTE_PREFIX = 'seeded-from-code sha256:';

/** JSON data with every object's keys sorted, so the hash does not depend on how a literal is written. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(o).sort().map((k) => [k, sortedKeys(o[k])]));
  }
  return value;
}

/**
 * A short digest of one source's entry in the register (title, date, section, status, URL, what
 * was verified): any change of it changes the digest. domain/questions/source-releases.ts records,
 * per source, the digest and the release that last changed it (npm run content:register).
 */
export function sourceDigest(def: SourceDef): string {
  return createHash('sha256').update(JSON.stringify(sortedKeys(def))).digest('hex').slice(0, 16);
}

/**
 * Content hash of a bank: any change of text, points, flags, conditions, clock, sources or order
 * changes it, and so does a change of the register entry of a source it cites (a corrected title,
 * section or status reaches every reader as a release, with notes saying why).
 */
export function bankHash(bank: readonly QuestionDef[]): string {
  const canonical = bank.map((q) => [
    q.code,
    q.domainId,
    q.subdomain,
    q.questionText,
    q.points,
    q.critical,
    sortedKeys(q.appliesWhen),
    sortedKeys(q.criticalWhen),
    sortedKeys(q.clock),
    q.documentEvidenceRequired,
    q.evidenceDescription,
    q.guidance,
    q.sources,
    q.correctiveAction.action,
    q.correctiveAction.priority,
    q.correctiveAction.targetDays,
  ]);
  const cited = [...new Set(bank.flatMap((q) => q.sources))].sort();
  const registry = SOURCES as Readonly<Record<string, SourceDef>>;
  const sources = cited.map((id) => [id, registry[id] ? sourceDigest(registry[id]) : null]);
  return createHash('sha256').update(JSON.stringify([canonical, sources])).digest('hex');
}

/**
 * Idempotent: publishes the bank in code when no version exists or when it changed since the
 * newest version seeded from code. Serialized by an advisory lock so two instances starting on
 * one database publish at most once. Returns the new version id, or null when nothing changed.
 */
export async function seedQuestionBank(ctx: Pick<ServiceContext, 'db'>, bank: readonly QuestionDef[] = QUESTION_BANK): Promise<number | null> {
  const { db } = ctx;
  const hash = bankHash(bank);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mvrsp.question-bank-seed'))`);
    const [latestSeeded] = await tx
      .select({ notes: questionnaireVersions.notes })
      .from(questionnaireVersions)
      .where(like(questionnaireVersions.notes, `${SEED_NOTE_PREFIX}%`))
      .orderBy(desc(questionnaireVersions.id))
      .limit(1);
    if (latestSeeded?.notes === `${SEED_NOTE_PREFIX}${hash}`) return null;
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(questionnaireVersions);
    const label = `v${Number(n) + 1}`;
    const entry = releaseEntryFor(hash);
    const release = { notes: entry ? releaseNotesText(entry) : CONTENT_MSG.releaseNotesMissing, sources: entry?.sources ?? [] };
    const published = await publishVersion({ db: tx }, bank, null, label, `${SEED_NOTE_PREFIX}${hash}`, undefined, release);
    return published.versionId;
  });
}
