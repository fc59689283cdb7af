// compareAssessments / trendOf / trendSummary over results scored by the real scorer on the real
// bank (domain/questions/bank.ts): questions keyed by code, as the server reads stored assessments.
import { describe, expect, it } from 'vitest';
import type { ResultView } from '../contracts/assessments.ts';
import { QUESTION_BANK } from '../questions/bank.ts';
import { DOMAINS } from '../questions/domains.ts';
import { readResultView, toResultView } from '../scoring/result-views.ts';
import { scoreAssessment } from '../scoring/scoring.ts';
import type { AnswerValue } from '../scoring/types.ts';
import { compareAssessments, signed, trendOf, trendSummary, type AskedQuestion } from './compare.ts';

const DOMAIN_LIST = DOMAINS.map((d) => ({ id: d.id, name: d.name }));
const BANK = QUESTION_BANK.map((q) => ({ ...q, id: q.code }));
const ASKED: AskedQuestion[] = QUESTION_BANK.map((q) => ({ code: q.code, questionText: q.questionText, domainId: q.domainId, critical: q.critical }));

const minor = (i: number) => QUESTION_BANK.filter((q) => !q.critical)[i]!;
const critical = (i: number) => QUESTION_BANK.filter((q) => q.critical)[i]!;

/** Every bank question answered (Yes unless listed as No), scored and stored as a submit would. */
function submitted(id: string, at: string, noCodes: string[], bank = BANK) {
  const answers: Record<string, AnswerValue> = Object.fromEntries(bank.map((q) => [q.code, noCodes.includes(q.code) ? 'no' : 'yes']));
  const result = toResultView(id, scoreAssessment(bank, answers, DOMAIN_LIST), new Date(at), null);
  return { result, answers };
}

describe('compareAssessments', () => {
  it('lists regressions and improvements by code, with total and domain deltas', () => {
    const a = minor(0);
    const b = minor(1);
    const c = critical(0);
    const prev = submitted('p', '2026-01-10T10:00:00Z', [a.code]);
    const cur = submitted('c', '2026-04-10T10:00:00Z', [b.code, c.code]);
    const view = compareAssessments(prev, { ...cur, questions: ASKED });

    expect(view.previous).toEqual({ assessment_id: 'p', submitted_at: '2026-01-10T10:00:00.000Z', total_score: prev.result.totalScore, grade: prev.result.grade, pass_fail: 'Pass' });
    expect(view.current.pass_fail).toBe('Fail');
    expect(view.total_delta).toBe(cur.result.totalScore - prev.result.totalScore);
    expect(view.total_delta).toBe(a.points - b.points - c.points);
    expect(view.regressed.map((q) => [q.code, q.from, q.to, q.critical])).toEqual(
      ASKED.filter((q) => q.code === b.code || q.code === c.code).map((q) => [q.code, 'yes', 'no', q.critical]),
    );
    expect(view.improved).toEqual([{ code: a.code, question_text: a.questionText, domain_id: a.domainId, from: 'no', to: 'yes', critical: false }]);

    for (const d of view.domains) {
      const before = prev.result.domainScores.find((x) => x.id === d.domain_id)!.weighted_percentage;
      const now = cur.result.domainScores.find((x) => x.id === d.domain_id)!.weighted_percentage;
      expect([d.previous_percentage, d.percentage]).toEqual([before, now]);
      expect(d.delta).toBeCloseTo(now - before, 6);
    }
    expect(view.domains.map((d) => d.domain_id)).toEqual(cur.result.domainScores.map((d) => d.id));
  });

  it('has no previous, no deltas and no changes for the first submitted assessment', () => {
    const cur = submitted('c', '2026-04-10T10:00:00Z', [minor(0).code]);
    const view = compareAssessments(null, { ...cur, questions: ASKED });
    expect(view.previous).toBeNull();
    expect(view.total_delta).toBeNull();
    expect(view.regressed).toEqual([]);
    expect(view.improved).toEqual([]);
    expect(view.domains.every((d) => d.previous_percentage === null && d.delta === null)).toBe(true);
  });

  it('ignores a question asked in only one of the two', () => {
    const gone = minor(0);
    const added = minor(1);
    const prevBank = BANK.filter((q) => q.code !== added.code);
    const curBank = BANK.filter((q) => q.code !== gone.code);
    // gone: Yes before, not asked now; added: not asked before, No now. Neither is a change.
    const prev = submitted('p', '2026-01-10T10:00:00Z', [], prevBank);
    const cur = submitted('c', '2026-04-10T10:00:00Z', [added.code], curBank);
    const view = compareAssessments(prev, { ...cur, questions: ASKED.filter((q) => q.code !== gone.code) });
    expect(view.regressed).toEqual([]);
    expect(view.improved).toEqual([]);
  });

  it('reads a result stored before cycles (readResultView) and a domain the previous one did not score', () => {
    const prev = submitted('p', '2026-01-10T10:00:00Z', []);
    const stored = { ...prev.result } as Partial<ResultView>;
    delete stored.carry;
    delete stored.evidence_missing;
    const old = { ...prev, result: { ...readResultView(stored as ResultView), domainScores: prev.result.domainScores.slice(1) } };
    const cur = submitted('c', '2026-04-10T10:00:00Z', []);
    const view = compareAssessments(old, { ...cur, questions: ASKED });
    expect(view.domains[0]).toMatchObject({ previous_percentage: null, delta: null, percentage: 100 });
    expect(view.domains.slice(1).every((d) => d.delta === 0)).toBe(true);
    expect(view.total_delta).toBe(0);
  });
});

describe('trendOf', () => {
  it('orders oldest first with each domain percentage, domains in the newest order', () => {
    const r1 = submitted('a1', '2026-01-10T10:00:00Z', [minor(0).code, minor(1).code]).result;
    const r2 = submitted('a2', '2026-04-10T10:00:00Z', [minor(0).code]).result;
    const r3 = submitted('a3', '2026-07-10T10:00:00Z', []).result;
    const view = trendOf([r3, r1, r2]);
    expect(view.points.map((p) => p.assessment_id)).toEqual(['a1', 'a2', 'a3']);
    expect(view.points.map((p) => p.total_score)).toEqual([r1.totalScore, r2.totalScore, r3.totalScore]);
    expect(view.domains).toEqual(r3.domainScores.map((d) => ({ id: d.id, name: d.name })));
    expect(view.points[0]!.domains).toEqual(Object.fromEntries(r1.domainScores.map((d) => [d.id, d.weighted_percentage])));
    expect(trendSummary(view)).toBe(`Score rose from ${r1.totalScore} to ${r3.totalScore} over 3 assessments.`);
  });

  it('is empty without results and says a trend needs two with one', () => {
    expect(trendOf([])).toEqual({ domains: [], points: [] });
    expect(trendSummary(trendOf([]))).toBe('No submitted assessment yet.');
    const one = trendOf([submitted('a1', '2026-01-10T10:00:00Z', []).result]);
    expect(trendSummary(one)).toBe('One submitted assessment so far, scoring 140. A trend needs two assessments.');
  });

  it('says when the score fell or stayed', () => {
    const hi = submitted('a1', '2026-01-10T10:00:00Z', []).result;
    const lo = submitted('a2', '2026-02-10T10:00:00Z', [minor(0).code]).result;
    expect(trendSummary(trendOf([hi, lo]))).toBe(`Score fell from 140 to ${lo.totalScore} over 2 assessments.`);
    expect(trendSummary(trendOf([hi, { ...hi, assessmentId: 'a3', submittedAt: '2026-03-01T00:00:00.000Z' }]))).toBe('Score stayed at 140 over 2 assessments.');
  });
});

describe('signed', () => {
  it('prefixes a sign, with a true minus', () => {
    expect([signed(3), signed(-2.5), signed(0)]).toEqual(['+3', '\u22122.5', '0']);
  });
});
