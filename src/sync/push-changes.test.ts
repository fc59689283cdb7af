import { describe, expect, it } from 'vitest';
import type { AnswerView, DeferralView, PushResultItem } from '#domain/contracts/sync.ts';
import type { LocalAnswer, OutboxRow } from './db.ts';
import { planPushChanges, type PushedState } from './push-changes.ts';

const view = (version: number, answer: 'yes' | 'no' = 'no'): AnswerView => ({
  question_id: 'q',
  answer,
  origin: 'answered',
  version,
  updated_by: 'bob',
  updated_by_name: 'Bob B',
  updated_at: '2026-11-01T10:00:00.000Z',
});
const local = (over: Partial<LocalAnswer> = {}): LocalAnswer => ({
  assessmentId: 'a',
  questionId: 'q',
  value: 'no',
  serverVersion: 1,
  serverValue: 'yes',
  updatedBy: 'me',
  updatedByName: null,
  updatedAt: null,
  syncState: 'sending',
  origin: 'answered',
  ...over,
});
/** An outbox row; an override of undefined leaves the field out. */
const row = (seq: number, over: Partial<OutboxRow> = {}): OutboxRow =>
  JSON.parse(
    JSON.stringify({
      seq,
      id: `r${seq}`,
      clientId: 'c',
      userId: 'me',
      orgId: 'o',
      assessmentId: 'a',
      kind: 'answer.set',
      entityKey: 'a:q',
      payload: { questionId: 'q', value: 'no' },
      baseVersion: 1,
      clientTs: 0,
      status: 'inflight',
      attempts: 1,
      nextAttemptAt: 0,
      leaseUntil: 99,
      ...over,
    }),
  );
const deferral: DeferralView = { id: 'srv-d', question_id: 'q', deferred_by: 'me', deferred_by_name: 'Me', deferred_to: 'bob', deferred_to_name: 'Bob B', status: 'open', updated_at: 't' };
const defer = (seq: number) => row(seq, { kind: 'defer.set', entityKey: 'a:q:defer', payload: { questionId: 'q', deferToUserId: 'bob' }, baseVersion: null });
const submit = (seq: number) => row(seq, { kind: 'assessment.submit', entityKey: 'a:submit', payload: {}, baseVersion: null });
const state = (outbox: OutboxRow[], answers: LocalAnswer[] = []): PushedState => ({ outbox, answers });
const res = (id: string, status: PushResultItem['status'], over: Partial<PushResultItem> = {}): PushResultItem => ({ id, status, ...over });

/** Only the fields each case is about; the rest of the change set must be empty. */
const none = { outbox: { delete: [], put: [] }, answers: [], deferrals: { replace: [], reject: [] }, meta: [] };

describe('planPushChanges', () => {
  const sent = row(1);
  const cases: Array<[string, OutboxRow[], PushResultItem[], PushedState, object]> = [
    [
      'no result: back to pending, unleased; incomplete, nothing touched',
      [sent],
      [],
      state([sent]),
      { ...none, outbox: { delete: [], put: [row(1, { status: 'pending', leaseUntil: undefined })] }, touched: new Set(), complete: false },
    ],
    [
      'applied answer: row leaves, the answer adopts the server row',
      [sent],
      [res('r1', 'applied', { answer: view(2) })],
      state([sent], [local()]),
      { ...none, outbox: { delete: [1], put: [] }, answers: [local({ syncState: 'synced', value: 'no', serverVersion: 2, serverValue: 'no', updatedBy: 'bob', updatedByName: 'Bob B', updatedAt: '2026-11-01T10:00:00.000Z' })], touched: new Set(['a']), complete: true },
    ],
    [
      "applied re-confirmation: the answer takes the server's origin",
      [row(1, { payload: { questionId: 'q', value: 'no', bulk: true } })],
      [res('r1', 'applied', { answer: { ...view(2), origin: 'bulk_confirmed' } })],
      state([row(1, { payload: { questionId: 'q', value: 'no', bulk: true } })], [local({ origin: 'bulk_confirmed' })]),
      { ...none, outbox: { delete: [1], put: [] }, answers: [expect.objectContaining({ syncState: 'synced', origin: 'bulk_confirmed', serverVersion: 2 })], touched: new Set(['a']), complete: true },
    ],
    [
      'acknowledged while a later edit is held: the local origin stays until it is acknowledged too',
      [sent],
      [res('r1', 'applied', { answer: { ...view(2), origin: 'confirmed' } })],
      state([sent, row(2, { status: 'pending', attempts: 0, leaseUntil: undefined, payload: { questionId: 'q', value: 'yes' } })], [local({ value: 'yes' })]),
      { ...none, outbox: { delete: [1], put: [expect.objectContaining({ seq: 2, baseVersion: 2 })] }, answers: [expect.objectContaining({ origin: 'answered', value: 'yes', syncState: 'pending' })], touched: new Set(['a']), complete: true },
    ],
    [
      'duplicate, with a later pending edit: rebased on the version, the local value kept',
      [sent],
      [res('r1', 'duplicate', { answer: view(2) })],
      state([sent, row(2, { status: 'pending', attempts: 0, leaseUntil: undefined, payload: { questionId: 'q', value: 'yes' } })], [local({ value: 'yes' })]),
      { ...none, outbox: { delete: [1], put: [row(2, { status: 'pending', attempts: 0, leaseUntil: undefined, payload: { questionId: 'q', value: 'yes' }, baseVersion: 2 })] }, answers: [local({ value: 'yes', syncState: 'pending', serverVersion: 2, serverValue: 'no' })], touched: new Set(['a']), complete: true },
    ],
    [
      'conflict: row kept with its reason, the answer shows the other side',
      [sent],
      [res('r1', 'conflict', { answer: view(3, 'yes') })],
      state([sent], [local()]),
      {
        ...none,
        outbox: { delete: [], put: [{ ...row(1, { status: 'conflict', lastError: { code: 'conflict', http: 409, message: 'Someone else changed this answer' } }), leaseUntil: undefined }] },
        answers: [local({ syncState: 'conflict', serverVersion: 3, serverValue: 'yes', conflict: { value: 'yes', version: 3, by: 'bob', byName: 'Bob B', at: '2026-11-01T10:00:00.000Z' } })],
        touched: new Set(['a']),
        complete: true,
      },
    ],
    [
      'rejected answer: row kept, the answer carries the error',
      [sent],
      [res('r1', 'rejected', { error: { code: 'assessment_locked', message: 'Locked' } })],
      state([sent], [local()]),
      {
        ...none,
        outbox: { delete: [], put: [{ ...row(1, { status: 'rejected', lastError: { code: 'assessment_locked', message: 'Locked' } }), leaseUntil: undefined }] },
        answers: [local({ syncState: 'rejected', error: { code: 'assessment_locked', message: 'Locked' } })],
        touched: new Set(['a']),
        complete: true,
      },
    ],
    [
      'applied deferral: the pending one is replaced by the server record',
      [defer(4)],
      [res('r4', 'applied', { deferral })],
      state([defer(4)]),
      {
        ...none,
        outbox: { delete: [4], put: [] },
        deferrals: { replace: [{ id: 'r4', deferral: { id: 'srv-d', assessmentId: 'a', questionId: 'q', deferredBy: 'me', deferredByName: 'Me', deferredTo: 'bob', deferredToName: 'Bob B', status: 'open', syncState: 'synced', updatedAt: 't' } }], reject: [] },
        touched: new Set(['a']),
        complete: true,
      },
    ],
    [
      'rejected deferral: marked rejected',
      [defer(4)],
      [res('r4', 'rejected', { error: { code: 'not_member', message: 'No' } })],
      state([defer(4)]),
      {
        ...none,
        outbox: { delete: [], put: [{ ...defer(4), status: 'rejected', lastError: { code: 'not_member', message: 'No' }, leaseUntil: undefined }] },
        deferrals: { replace: [], reject: [{ id: 'r4', error: { code: 'not_member', message: 'No' } }] },
        touched: new Set(['a']),
        complete: true,
      },
    ],
    [
      "applied submit: the server's assessment is stored",
      [submit(9)],
      [res('r9', 'applied', { assessment: { status: 'submitted', submitted_at: 't' } as PushResultItem['assessment'] })],
      state([submit(9)]),
      { ...none, outbox: { delete: [9], put: [] }, meta: [{ key: 'assessment:a', value: { status: 'submitted', submitted_at: 't' } }], touched: new Set(['a']), complete: true },
    ],
    [
      'a row no longer stored: deleted or updated as nothing; the answer still refreshed',
      [sent],
      [res('r1', 'applied', { answer: view(2) })],
      state([], [local()]),
      { ...none, answers: [expect.objectContaining({ syncState: 'synced', serverVersion: 2 })], touched: new Set(['a']), complete: true },
    ],
    [
      'two rows of one question in one batch: the second sees the first one gone',
      [sent, row(2, { payload: { questionId: 'q', value: 'yes' } })],
      [res('r1', 'applied', { answer: view(2) }), res('r2', 'applied', { answer: view(3, 'yes') })],
      state([sent, row(2, { payload: { questionId: 'q', value: 'yes' } })], [local({ value: 'yes' })]),
      { ...none, outbox: { delete: [1, 2], put: [] }, answers: [expect.objectContaining({ syncState: 'synced', value: 'yes', serverVersion: 3 })], touched: new Set(['a']), complete: true },
    ],
  ];
  it.each(cases)('%s', (_name, rows, results, stored, expected) => {
    const got = planPushChanges(rows, results, stored);
    expect(got).toEqual(expected);
    // leaseUntil is removed, not set to undefined (as Dexie's update with undefined does).
    for (const r of got.outbox.put) expect(Object.keys(r)).not.toContain('leaseUntil');
  });

  it('leaves its inputs as they were', () => {
    const stored = state([row(1)], [local()]);
    const copy = structuredClone(stored);
    planPushChanges([row(1)], [res('r1', 'conflict', { answer: view(3) })], stored);
    expect(stored).toEqual(copy);
  });
});
