// Offline sync contracts (ADR 005): queued client mutations, the push/pull payloads.
// The SPA checks a mutation with `syncMutationSchema` before it enters the outbox; the
// server checks the envelope with `pushRequestSchema` and each item again with `syncMutationSchema`.
import { z } from 'zod';
import type { EvidenceView } from './evidence.ts';
import { ANSWER_VALUES, type AnswerOrigin, type AnswerValue, type AssessmentStatus, type DeferralStatus } from './enums.ts';
import { isoInstant } from './fields.ts';
import { MSG } from '../messages.ts';

import { MAX_PUSH_BATCH, MAX_PUSH_PULLS } from './sync-limits.ts';

export { MAX_PUSH_BATCH, MAX_PUSH_PULLS, MUTATION_KINDS, type MutationKind } from './sync-limits.ts';

export { ANSWER_VALUES, DEFERRAL_STATUSES, type AnswerValue, type DeferralStatus } from './enums.ts';
export const answerValueSchema = z.enum(ANSWER_VALUES, { error: MSG.answerYesNo });

const id = (message: string) => z.uuid(message);

/**
 * `bulk: true` marks a re-confirmation made with a domain's "confirm unchanged answers" (after an
 * explicit confirmation): the answer's origin becomes bulk_confirmed (ADR 019). A save of the same
 * value over a carried answer confirms it; otherwise bulk changes nothing.
 */
export const answerSetPayloadSchema = z.object({ questionId: id('Invalid question id'), value: answerValueSchema, bulk: z.literal(true).optional() });
export const deferSetPayloadSchema = z.object({
  questionId: id('Invalid question id'),
  deferToUserId: id('Choose a team member to defer to'),
});
export const submitPayloadSchema = z.object({}).strict();

export type AnswerSetPayload = z.infer<typeof answerSetPayloadSchema>;
export type DeferSetPayload = z.infer<typeof deferSetPayloadSchema>;

const common = {
  id: id('Invalid mutation id'),
  assessmentId: id('Invalid assessment id'),
  clientTs: z.number().int().nonnegative(),
};
/** The server version the user saw: 0 = "no answer yet"; null = unconditional (not sent by the SPA). */
/** The answer's version the client saw; an integer column on the server, so at most 2^31 - 1. */
const baseVersion = z.number().int().nonnegative().max(2_147_483_647).nullable();

/** One queued mutation, fully checked (kind-specific payload). */
export const syncMutationSchema = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('answer.set'), payload: answerSetPayloadSchema, baseVersion }),
  z.object({ ...common, kind: z.literal('defer.set'), payload: deferSetPayloadSchema, baseVersion: z.null().default(null) }),
  z.object({ ...common, kind: z.literal('assessment.submit'), payload: submitPayloadSchema, baseVersion: z.null().default(null) }),
]);
export type SyncMutation = z.infer<typeof syncMutationSchema>;

export const pullQuerySchema = z.object({
  assessmentId: id('Invalid assessment id'),
  since: isoInstant('since').optional(),
});

/** The push envelope. Items are only loosely typed here so one bad item is rejected alone. */
export const pushRequestSchema = z.object({
  clientId: z.string().trim().min(1).max(100),
  pendingCount: z.number().int().nonnegative().max(1_000_000).default(0),
  mutations: z
    .array(
      z.looseObject({
        id: id('Invalid mutation id'),
        kind: z.string().max(50),
        assessmentId: z.string().max(100),
        payload: z.unknown(),
        baseVersion: z.number().nullable().optional(),
        clientTs: z.number().optional(),
      }),
    )
    .max(MAX_PUSH_BATCH, `At most ${MAX_PUSH_BATCH} mutations per push`),
  /**
   * Assessments to pull once the push is applied, each from its cursor: the answer carries their
   * pull state (`pulls`), so one drain is one round trip. Optional: a client that omits it calls
   * GET /api/sync/pull itself.
   */
  pull: z.array(pullQuerySchema).max(MAX_PUSH_PULLS, `At most ${MAX_PUSH_PULLS} assessments to pull per push`).optional(),
});
export type PushRequest = z.input<typeof pushRequestSchema>;

// ---------- responses ----------

export interface AnswerView {
  question_id: string;
  answer: AnswerValue;
  /** carried = still to re-confirm: shown, but unanswered for progress, scoring and submit (ADR 019). */
  origin: AnswerOrigin;
  version: number;
  updated_by: string | null;
  updated_by_name: string | null;
  updated_at: string;
}

export interface DeferralView {
  id: string;
  question_id: string;
  deferred_by: string | null;
  deferred_by_name: string | null;
  deferred_to: string;
  deferred_to_name: string | null;
  status: DeferralStatus;
  updated_at: string;
}

export interface AssessmentSyncView {
  status: AssessmentStatus;
  submitted_at: string | null;
}

export type PushStatus = 'applied' | 'duplicate' | 'conflict' | 'rejected';

export interface PushResultItem {
  id: string;
  status: PushStatus;
  answer?: AnswerView;
  deferral?: DeferralView;
  assessment?: AssessmentSyncView;
  error?: { code: string; message: string };
}

/** The pull a push carried for one assessment: its state, or why there is none (e.g. not_found). */
export type PushPull = { assessmentId: string; state: PullResponse } | { assessmentId: string; error: { code: string; message: string } };

export interface PushResponse {
  results: PushResultItem[];
  /** One entry per assessment the push asked to pull (absent when it asked for none). */
  pulls?: PushPull[];
}

export interface PullResponse {
  answers: AnswerView[];
  deferrals: DeferralView[];
  assessment: AssessmentSyncView;
  /** Every evidence file of the assessment (not only those changed since the cursor), whoever uploaded it. */
  evidence: EvidenceView[];
  /** Pass back as `since` on the next pull. */
  cursor: string | null;
}
