// The answer save's rules (ADR 011), pure: what the save read in its transaction goes in, what to
// write (or why not) comes out. answer-save.ts runs it between the reads and the writes.
import type { AnswerOrigin } from '#domain/contracts/enums.ts';
import type { AnswerValue } from '#domain/contracts/sync.ts';
import { isToConfirm, type LocalAnswer, type OutboxRow } from './db.ts';
import { isQueuedSubmit, SUBMIT_QUEUED_MESSAGE } from './outbox.ts';
import { deriveSyncState, isTerminal, isUnsent } from './reconcile.ts';
import type { WriteResult } from './write-guard.ts';

/** The edit, and the new outbox row's identity. */
export interface AnswerEdit {
  assessmentId: string;
  questionId: string;
  value: AnswerValue;
  userId: string;
  orgId: string;
  /** "Keep mine" on an open conflict: allowed while a submit is queued. */
  resolvesConflict?: boolean;
  /** A domain's "confirm unchanged answers" (ADR 019): re-confirms a still-carried answer, nothing else. */
  bulk?: boolean;
  /** Mutation id and client id of the new outbox row. */
  id: string;
  clientId: string;
  entityKey: string;
  now: number;
}

/** What the save read: the question's local row and outbox rows, and the assessment's submit rows. */
export interface StoredForAnswer {
  local: LocalAnswer | undefined;
  /** Outbox rows of the question (index entityKey), in seq order. */
  held: OutboxRow[];
  /** Outbox rows of the assessment's submit (index entityKey). */
  submits: OutboxRow[];
}

export type AnswerDecision =
  /** Nothing to write: a refusal, or a no-op (ok). */
  | { kind: 'done'; result: WriteResult }
  | {
      kind: 'write';
      answer: LocalAnswer;
      /** The new outbox row (no seq yet: the store assigns it). */
      row: OutboxRow;
      /** This user's conflict/rejected rows of the question: deleted in the same transaction. */
      remove: OutboxRow[];
      /** This user's unsent rows of the question (never on the wire): deleted in the same transaction. */
      unsent: OutboxRow[];
    };

/** The answer.set payload (answerSetPayloadSchema): `bulk: true` only for a bulk confirmation. */
export const answerPayload = (edit: Pick<AnswerEdit, 'questionId' | 'value' | 'bulk'>) =>
  edit.bulk ? { questionId: edit.questionId, value: edit.value, bulk: true as const } : { questionId: edit.questionId, value: edit.value };

/** This user's rows of the question that a new edit makes obsolete. */
function mine(held: OutboxRow[], userId: string) {
  const own = held.filter((r) => r.userId === userId);
  return { terminal: own.filter(isTerminal), unsent: own.filter(isUnsent) };
}

/**
 * The origin the local row shows until the server acknowledges (the server's then replaces it):
 * over a carried answer the same value confirms it (bulk_confirmed from "confirm unchanged
 * answers") and the other value is a fresh answer; the same value keeps the origin it had; any
 * other edit is an answer.
 */
export function originOfEdit(local: Pick<LocalAnswer, 'origin' | 'value'> | undefined, value: AnswerValue, bulk = false): AnswerOrigin {
  if (!local) return 'answered';
  if (isToConfirm(local)) return local.value !== value ? 'answered' : bulk ? 'bulk_confirmed' : 'confirmed';
  return local.value === value ? (local.origin ?? 'answered') : 'answered';
}

/**
 * The save's rules, one per line:
 * - a queued submit locks editing, except "keep mine" over an open conflict (that conflict holds the submit);
 * - a bulk confirmation writes only over a still-carried answer of the same value (else a no-op: it
 *   was confirmed, changed or pulled changed since the confirmation counted it);
 * - the synced value again, with nothing held for the question, is a no-op, except over a carried
 *   answer: choosing its value re-confirms it, a write;
 * - the new row's base is the oldest unsent edit's base (the user has seen nothing newer since), else,
 *   over an open conflict, the newest server version shown ("mine wins, on top of what I was shown"),
 *   else the stored server version;
 * - the local row keeps the stored server facts and names, and becomes pending with the new value;
 * - this user's conflict/rejected rows are superseded (deleted with the write), unsent ones (never
 *   on the wire) are deleted with it too.
 */
export function decideAnswerSave(edit: AnswerEdit, { local, held, submits }: StoredForAnswer): AnswerDecision {
  if (isQueuedSubmit(submits, edit.userId) && !(edit.resolvesConflict && local?.syncState === 'conflict')) {
    return { kind: 'done', result: { ok: false, code: 'submit_queued', message: SUBMIT_QUEUED_MESSAGE } };
  }
  if (edit.bulk && !(isToConfirm(local) && local?.value === edit.value)) return { kind: 'done', result: { ok: true, value: undefined } };
  if (local?.syncState === 'synced' && local.value === edit.value && held.length === 0 && !isToConfirm(local)) return { kind: 'done', result: { ok: true, value: undefined } };
  const { terminal, unsent } = mine(held, edit.userId);
  const shownBase = local?.syncState === 'conflict' && local.conflict ? Math.max(local.conflict.version, local.serverVersion) : (local?.serverVersion ?? 0);
  const row: OutboxRow = {
    id: edit.id,
    clientId: edit.clientId,
    userId: edit.userId,
    orgId: edit.orgId,
    assessmentId: edit.assessmentId,
    kind: 'answer.set',
    entityKey: edit.entityKey,
    payload: answerPayload(edit),
    baseVersion: unsent[0]?.baseVersion ?? shownBase,
    clientTs: edit.now,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: edit.now,
  };
  // The rows held for the question once this save commits: the new one, and what it does not delete.
  const kept = held.filter((r) => !terminal.includes(r) && !unsent.includes(r));
  const answer: LocalAnswer = {
    assessmentId: edit.assessmentId,
    questionId: edit.questionId,
    serverVersion: local?.serverVersion ?? 0,
    serverValue: local?.serverValue ?? null,
    updatedBy: edit.userId,
    updatedByName: local?.updatedByName ?? null,
    value: edit.value,
    updatedAt: new Date(edit.now).toISOString(),
    syncState: deriveSyncState([...kept, row]),
    origin: originOfEdit(local, edit.value, edit.bulk),
  };
  return { kind: 'write', answer, row, remove: terminal, unsent };
}
