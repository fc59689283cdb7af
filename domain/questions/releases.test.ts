import { describe, expect, it } from 'vitest';
import { isKnownSource } from './sources.ts';
import { changedCodes, moveChangesQuestions, movePlan, RELEASE_LOG, releaseEntryFor, releaseNotesText, sameForAnswers, type PlannedQuestion } from './releases.ts';

const q = (code: string, over: Partial<PlannedQuestion> = {}): PlannedQuestion => ({
  id: `${code}-v1`,
  code,
  questionText: `Does the organization do ${code}?`,
  points: 2,
  critical: false,
  appliesWhen: [],
  criticalWhen: [],
  documentEvidenceRequired: false,
  ...over,
});

describe('what a release changed', () => {
  it('lists nothing for the first version: the log starts there', () => {
    expect(changedCodes(null, [q('CI-02'), q('CI-01')])).toEqual([]);
  });

  it('lists added, removed and reworded questions, sorted, and nothing else', () => {
    const before = [q('CI-01'), q('CI-02'), q('CI-03')];
    const after = [q('CI-01'), q('CI-02', { questionText: 'Reworded?' }), q('CI-04')];
    expect(changedCodes(before, after)).toEqual(['CI-02', 'CI-03', 'CI-04']);
    expect(changedCodes(before, before)).toEqual([]);
  });

  it('counts points, gate, evidence rule and applicability as changes', () => {
    const base = q('CI-01');
    expect(sameForAnswers(base, { ...base, points: 3 })).toBe(false);
    expect(sameForAnswers(base, { ...base, critical: true })).toBe(false);
    expect(sameForAnswers(base, { ...base, documentEvidenceRequired: true })).toBe(false);
    expect(sameForAnswers(base, { ...base, appliesWhen: [{ kinds: ['ihe'] }] })).toBe(false);
    expect(sameForAnswers({ ...base, critical: true }, { ...base, critical: true, criticalWhen: [{ covered: true }] })).toBe(false);
  });

  it('does not count guidance or sources, and compares conditions by value', () => {
    const a = { ...q('CI-01'), appliesWhen: [{ kinds: ['ihe' as const] }, { covered: true as const }], guidance: 'x', sources: ['a'] };
    const b = { ...q('CI-01'), appliesWhen: [{ kinds: ['ihe' as const] }, { covered: true as const }], guidance: 'y', sources: ['b'] };
    expect(sameForAnswers(a, b)).toBe(true);
  });
});

describe('moving an assessment to a newer release', () => {
  const before = [q('CI-01'), q('CI-02'), q('CI-03')];
  const after = [
    q('CI-01', { id: 'CI-01-v2' }),
    q('CI-02', { id: 'CI-02-v2', points: 3 }),
    q('CI-04', { id: 'CI-04-v2' }),
  ];

  it('keeps the answers of unchanged questions under their new ids and asks changed ones again', () => {
    const plan = movePlan({ before, after, answeredIds: ['CI-01-v1', 'CI-02-v1', 'CI-03-v1'] });
    expect([...plan.kept]).toEqual([['CI-01-v1', 'CI-01-v2']]);
    expect([...plan.reAsked]).toEqual([['CI-02-v1', 'CI-02-v2']]);
    expect(plan.added).toEqual(['CI-04']);
    expect(plan.reAskedCodes).toEqual(['CI-02']);
    expect(plan.removed).toEqual(['CI-03']);
    expect(plan.removedIds).toEqual(['CI-03-v1']);
    expect(plan.answersKept).toBe(1);
    expect(plan.answersCleared).toBe(2);
    expect(moveChangesQuestions(plan)).toBe(true);
  });

  it('counts only answers that were given', () => {
    const plan = movePlan({ before, after, answeredIds: ['CI-02-v1'] });
    expect(plan.answersKept).toBe(0);
    expect(plan.answersCleared).toBe(1);
  });

  it('changes nothing when every asked question is the same', () => {
    const same = before.map((x) => ({ ...x, id: `${x.code}-v2` }));
    const plan = movePlan({ before, after: same, answeredIds: ['CI-01-v1'] });
    expect(moveChangesQuestions(plan)).toBe(false);
    expect(plan.kept.size).toBe(3);
    expect(plan.answersKept).toBe(1);
  });
});

describe('the release log', () => {
  it('has one entry per bank, dated, with notes and known sources', () => {
    expect(new Set(RELEASE_LOG.map((e) => e.bankSha256)).size).toBe(RELEASE_LOG.length);
    for (const e of RELEASE_LOG) {
      expect(e.bankSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.what.length).toBeGreaterThan(20);
      expect(e.why.length).toBeGreaterThan(20);
      expect(e.sources.filter((s) => !isKnownSource(s))).toEqual([]);
    }
    const first = RELEASE_LOG[0]!;
    expect(releaseEntryFor(first.bankSha256)).toBe(first);
    expect(releaseNotesText(first)).toBe(`${first.what}\n\nWhy: ${first.why}`);
  });
});
