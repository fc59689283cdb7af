import { describe, expect, it } from 'vitest';
import type { LocalAnswer, OutboxRow } from './db.ts';
import { decideAnswerSave, originOfEdit, type AnswerDecision, type AnswerEdit, type StoredForAnswer } from './answer-decision.ts';
import { SUBMIT_QUEUED_MESSAGE } from './outbox.ts';

const ME = 'me';
const NOW = Date.UTC(2026, 10, 1, 10, 0, 0);
const edit = (over: Partial<AnswerEdit> = {}): AnswerEdit => ({
  assessmentId: 'a',
  questionId: 'q',
  value: 'no',
  userId: ME,
  orgId: 'o',
  id: 'new-id',
  clientId: 'c',
  entityKey: 'a:q',
  now: NOW,
  ...over,
});
const local = (over: Partial<LocalAnswer> = {}): LocalAnswer => ({
  assessmentId: 'a',
  questionId: 'q',
  value: 'yes',
  serverVersion: 3,
  serverValue: 'yes',
  updatedBy: 'bob',
  updatedByName: 'Bob B',
  updatedAt: '2026-10-01T00:00:00.000Z',
  syncState: 'synced',
  origin: 'answered',
  ...over,
});
const row = (seq: number, over: Partial<OutboxRow> = {}): OutboxRow => ({
  seq,
  id: `r${seq}`,
  clientId: 'c',
  userId: ME,
  orgId: 'o',
  assessmentId: 'a',
  kind: 'answer.set',
  entityKey: 'a:q',
  payload: { questionId: 'q', value: 'yes' },
  baseVersion: 1,
  clientTs: 0,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  ...over,
});
const submit = (over: Partial<OutboxRow> = {}) => row(90, { kind: 'assessment.submit', entityKey: 'a:submit', payload: {}, baseVersion: null, ...over });
const stored = (over: Partial<StoredForAnswer> = {}): StoredForAnswer => ({ local: undefined, held: [], submits: [], ...over });
const conflict = { value: 'no' as const, version: 5, by: 'bob', byName: 'Bob B', at: 'x' };

const REFUSED = { kind: 'done', result: { ok: false, code: 'submit_queued', message: SUBMIT_QUEUED_MESSAGE } };
const NOOP = { kind: 'done', result: { ok: true, value: undefined } };
/** The write's essentials: the new row's base, the local row's facts, what is removed now / after. */
const write = (base: number, answer: Partial<LocalAnswer>, remove: number[] = [], unsent: number[] = []) => ({ base, answer, remove, unsent });
const essentials = (d: AnswerDecision) =>
  d.kind === 'done' ? d : { base: d.row.baseVersion, answer: d.answer, remove: d.remove.map((r) => r.seq), unsent: d.unsent.map((r) => r.seq) };

const pendingNo = { value: 'no', syncState: 'pending', updatedBy: ME, updatedAt: new Date(NOW).toISOString() } as const;

describe('decideAnswerSave', () => {
  const cases: Array<[string, Partial<AnswerEdit>, StoredForAnswer, unknown]> = [
    ['first answer: base 0, no server facts', {}, stored(), write(0, { ...pendingNo, serverVersion: 0, serverValue: null, updatedByName: null })],
    ['over a synced row: base and names from the stored row', {}, stored({ local: local() }), write(3, { ...pendingNo, serverVersion: 3, serverValue: 'yes', updatedByName: 'Bob B' })],
    ['the synced value again, nothing held: no-op', { value: 'yes' }, stored({ local: local() }), NOOP],
    // The mark is derived from every row held once the save commits (deriveSyncState): the earlier edit is still on the wire.
    ['the synced value again while a row is held: written', { value: 'yes' }, stored({ local: local(), held: [row(1, { status: 'inflight', attempts: 1 })] }), write(3, { value: 'yes', syncState: 'sending' })],
    ['a queued submit of mine refuses', {}, stored({ local: local(), submits: [submit()] }), REFUSED],
    ['an in-flight submit of mine refuses', {}, stored({ submits: [submit({ status: 'inflight' })] }), REFUSED],
    ["another user's queued submit does not", {}, stored({ submits: [submit({ userId: 'bob' })] }), write(0, { value: 'no' })],
    ['a rejected submit does not', {}, stored({ submits: [submit({ status: 'rejected' })] }), write(0, { value: 'no' })],
    ['"keep mine" over an open conflict passes a queued submit', { resolvesConflict: true }, stored({ local: local({ syncState: 'conflict', conflict }), submits: [submit()] }), write(5, { value: 'no' })],
    ['"keep mine" without an open conflict is refused', { resolvesConflict: true }, stored({ local: local(), submits: [submit()] }), REFUSED],
    ['over an open conflict: on the newest version shown', {}, stored({ local: local({ syncState: 'conflict', conflict, serverVersion: 6 }) }), write(6, { value: 'no', serverVersion: 6 })],
    ['the oldest unsent edit keeps its base; unsent rows deleted with the write', {}, stored({ local: local({ syncState: 'pending', serverVersion: 4 }), held: [row(1, { baseVersion: 2 }), row(2, { baseVersion: 4 })] }), write(2, { serverVersion: 4 }, [], [1, 2])],
    ['a sent row is neither base nor dropped', {}, stored({ local: local(), held: [row(1, { attempts: 1 })] }), write(3, {}, [], [])],
    ['my conflict/rejected rows are removed with the write', {}, stored({ local: local(), held: [row(1, { status: 'conflict', attempts: 1 }), row(2, { status: 'rejected', attempts: 1 })] }), write(3, {}, [1, 2], [])],
    ["another user's rows stay", {}, stored({ local: local(), held: [row(1, { userId: 'bob', status: 'conflict' }), row(2, { userId: 'bob', baseVersion: 1 })] }), write(3, {}, [], [])],
    // Re-confirmation (ADR 019): a carried answer is shown, not yet given.
    ['the carried value again: a write that confirms it', { value: 'yes' }, stored({ local: local({ origin: 'carried' }) }), write(3, { value: 'yes', syncState: 'pending', origin: 'confirmed' })],
    ['the other value over a carried answer: a fresh answer', { value: 'no' }, stored({ local: local({ origin: 'carried' }) }), write(3, { value: 'no', origin: 'answered' })],
    ['bulk over a carried answer of the same value: bulk_confirmed', { value: 'yes', bulk: true }, stored({ local: local({ origin: 'carried' }) }), write(3, { value: 'yes', origin: 'bulk_confirmed' })],
    ['bulk over an answer confirmed since: no-op', { value: 'yes', bulk: true }, stored({ local: local({ origin: 'confirmed' }) }), NOOP],
    ['bulk over a carried answer of the other value: no-op', { value: 'no', bulk: true }, stored({ local: local({ origin: 'carried' }) }), NOOP],
    ['bulk with no local answer: no-op', { value: 'yes', bulk: true }, stored(), NOOP],
    ['a confirmed answer clicked again, synced: no-op', { value: 'yes' }, stored({ local: local({ origin: 'confirmed' }) }), NOOP],
    ['a queued submit refuses a confirmation too', { value: 'yes' }, stored({ local: local({ origin: 'carried' }), submits: [submit()] }), REFUSED],
  ];
  it.each(cases)('%s', (_name, over, input, expected) => {
    const got = essentials(decideAnswerSave(edit(over), input));
    if ((expected as { kind?: string }).kind) expect(got).toEqual(expected);
    else expect(got).toMatchObject(expected as object);
  });

  it('builds the outbox row from the edit', () => {
    const d = decideAnswerSave(edit(), stored());
    expect(d.kind === 'write' && d.row).toEqual({
      id: 'new-id',
      clientId: 'c',
      userId: ME,
      orgId: 'o',
      assessmentId: 'a',
      kind: 'answer.set',
      entityKey: 'a:q',
      payload: { questionId: 'q', value: 'no' },
      baseVersion: 0,
      clientTs: NOW,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: NOW,
    });
  });

  it('marks a bulk confirmation in the payload, and only a bulk one', () => {
    const bulk = decideAnswerSave(edit({ value: 'yes', bulk: true }), stored({ local: local({ origin: 'carried' }) }));
    expect(bulk.kind === 'write' && bulk.row.payload).toEqual({ questionId: 'q', value: 'yes', bulk: true });
    const one = decideAnswerSave(edit({ value: 'yes' }), stored({ local: local({ origin: 'carried' }) }));
    expect(one.kind === 'write' && one.row.payload).toEqual({ questionId: 'q', value: 'yes' });
  });

  it('never carries a conflict or error into the new local row', () => {
    const d = decideAnswerSave(edit(), stored({ local: local({ syncState: 'rejected', error: { code: 'x', message: 'm' }, conflict }) }));
    expect(d.kind === 'write' && Object.keys(d.answer).sort()).toEqual(['assessmentId', 'origin', 'questionId', 'serverValue', 'serverVersion', 'syncState', 'updatedAt', 'updatedBy', 'updatedByName', 'value']);
  });
});

describe('originOfEdit', () => {
  it('confirms a carried value, answers anything else, keeps the origin of the same value', () => {
    expect(originOfEdit(undefined, 'yes')).toBe('answered');
    expect(originOfEdit({ origin: 'carried', value: 'yes' }, 'yes')).toBe('confirmed');
    expect(originOfEdit({ origin: 'carried', value: 'yes' }, 'yes', true)).toBe('bulk_confirmed');
    expect(originOfEdit({ origin: 'carried', value: 'yes' }, 'no', true)).toBe('answered');
    expect(originOfEdit({ origin: 'confirmed', value: 'yes' }, 'yes')).toBe('confirmed');
    expect(originOfEdit({ origin: 'bulk_confirmed', value: 'yes' }, 'no')).toBe('answered');
  });
});
