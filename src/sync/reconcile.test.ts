import { describe, expect, it } from 'vitest';
import type { AnswerView } from '#domain/contracts/sync.ts';
import type { LocalAnswer, OutboxRow } from './db.ts';
import { deriveSyncState, mergePulledAnswer, outcomeOf, rebase, submitBlocker } from './reconcile.ts';

const A = 'a';
const view = (over: Partial<AnswerView> = {}): AnswerView => ({
  question_id: 'q',
  answer: 'no',
  origin: 'answered',
  version: 2,
  updated_by: 'bob',
  updated_by_name: 'Bob B',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...over,
});
const local = (over: Partial<LocalAnswer> = {}): LocalAnswer => ({
  assessmentId: A,
  questionId: 'q',
  value: 'yes',
  serverVersion: 1,
  serverValue: 'yes',
  updatedBy: 'me',
  updatedByName: 'Me',
  updatedAt: null,
  syncState: 'synced',
  origin: 'answered',
  ...over,
});
const row = (over: Partial<OutboxRow>): OutboxRow => ({
  id: 'id',
  clientId: 'c',
  userId: 'u',
  orgId: 'o',
  assessmentId: A,
  kind: 'answer.set',
  entityKey: 'a:q',
  payload: {},
  baseVersion: 0,
  clientTs: 0,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  ...over,
});

describe('mergePulledAnswer', () => {
  it('adopts a newer server answer on a synced question', () => {
    expect(mergePulledAnswer(local(), view(), [], A)).toMatchObject({ value: 'no', serverVersion: 2, syncState: 'synced', updatedByName: 'Bob B' });
  });
  it('ignores versions the device already has', () => {
    expect(mergePulledAnswer(local({ serverVersion: 2 }), view(), [], A)).toBeNull();
  });
  it('never overwrites the local value while a row is pending, but records the server facts', () => {
    expect(mergePulledAnswer(local({ syncState: 'pending' }), view(), [{ status: 'pending' }], A)).toMatchObject({ value: 'yes', syncState: 'pending', serverVersion: 2, serverValue: 'no' });
    expect(mergePulledAnswer(undefined, view(), [{ status: 'pending' }], A)).toBeNull();
  });
  it('moves an open conflict to the newest server side, or clears it when the server now agrees', () => {
    const c = local({ syncState: 'conflict', conflict: { value: 'no', version: 2, by: 'bob', byName: 'Bob', at: 'x' }, serverVersion: 2 });
    expect(mergePulledAnswer(c, view({ version: 3, answer: 'no', updated_by_name: 'Carol C' }), [{ status: 'conflict' }], A)?.conflict).toMatchObject({ version: 3, byName: 'Carol C' });
    expect(mergePulledAnswer(c, view({ version: 3, answer: 'yes' }), [{ status: 'conflict' }], A)).toMatchObject({ syncState: 'synced', value: 'yes', serverVersion: 3 });
  });
});

describe('mergePulledAnswer and the answer origin (ADR 019)', () => {
  it("a carried answer arrives to re-confirm; a teammate's re-confirmation replaces it", () => {
    expect(mergePulledAnswer(undefined, view({ origin: 'carried', version: 1 }), [], A)).toMatchObject({ origin: 'carried', value: 'no', syncState: 'synced' });
    expect(mergePulledAnswer(local({ origin: 'carried' }), view({ origin: 'confirmed' }), [], A)).toMatchObject({ origin: 'confirmed', serverVersion: 2 });
  });
  it('a pending local confirmation keeps its local origin while it waits', () => {
    expect(mergePulledAnswer(local({ origin: 'confirmed', syncState: 'pending' }), view({ origin: 'carried' }), [{ status: 'pending' }], A)).toMatchObject({ origin: 'confirmed', syncState: 'pending' });
  });
});

describe('deriveSyncState', () => {
  it('ranks sending > pending > conflict > rejected > synced', () => {
    expect(deriveSyncState([{ status: 'conflict' }, { status: 'inflight' }])).toBe('sending');
    expect(deriveSyncState([{ status: 'conflict' }, { status: 'pending' }])).toBe('pending');
    expect(deriveSyncState([{ status: 'rejected' }, { status: 'conflict' }])).toBe('conflict');
    expect(deriveSyncState([{ status: 'rejected' }])).toBe('rejected');
    expect(deriveSyncState([])).toBe('synced');
  });
});

describe('outcomeOf', () => {
  it('maps push results; a missing result means retry', () => {
    expect(outcomeOf(undefined)).toEqual({ kind: 'retry' });
    expect(outcomeOf({ id: 'x', status: 'duplicate', answer: view() })).toEqual({ kind: 'done', answer: view() });
    expect(outcomeOf({ id: 'x', status: 'rejected', error: { code: 'assessment_locked', message: 'm' } })).toEqual({ kind: 'rejected', code: 'assessment_locked', message: 'm' });
    expect(outcomeOf({ id: 'x', status: 'conflict', answer: view() }).kind).toBe('conflict');
  });
});

describe('rebase', () => {
  it('moves later pending rows of the question onto the acknowledged version', () => {
    const rows = [row({ seq: 1, status: 'inflight' }), row({ seq: 2 }), row({ seq: 3, status: 'conflict' })];
    expect(rebase(rows, 1, 5)).toEqual([expect.objectContaining({ seq: 2, baseVersion: 5 })]);
  });
});

describe('submitBlocker', () => {
  const submit = row({ seq: 10, kind: 'assessment.submit', entityKey: 'a:submit' });
  it('waits for every other row of the same assessment, also one queued after it', () => {
    expect(submitBlocker(submit, [row({ seq: 3 }), submit], 0, 0)).toBe('earlier_rows');
    expect(submitBlocker(submit, [submit, row({ seq: 11 })], 0, 0)).toBe('earlier_rows');
    expect(submitBlocker(submit, [row({ seq: 3, assessmentId: 'other' }), submit, row({ seq: 12, assessmentId: 'other' })], 0, 0)).toBeNull();
  });
  it('names conflicts, rejections and uploads', () => {
    expect(submitBlocker(submit, [submit], 1, 0)).toBe('conflict');
    expect(submitBlocker(submit, [row({ seq: 2, status: 'conflict' }), submit], 0, 0)).toBe('conflict');
    expect(submitBlocker(submit, [row({ seq: 2, status: 'rejected' }), submit], 0, 0)).toBe('rejected');
    expect(submitBlocker(submit, [submit], 0, 2)).toBe('uploads');
  });
});
