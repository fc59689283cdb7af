// Questionnaire and results data for component tests, built from the real question bank and the
// real scoring (domain/questions, domain/scoring): nothing here is a hand-written score.
import type { CorrectiveActionView, DomainView, QuestionView, ResultsView } from '#domain/contracts/assessments.ts';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { questionsFor, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import type { QuestionDef } from '#domain/questions/question-types.ts';
import { citationsOf } from '#domain/questions/sources.ts';
import { buildCorrectiveActionPlan } from '#domain/scoring/action-plan.ts';
import { frameworkCoverage } from '#domain/scoring/coverage.ts';
import { toResultsView, toResultView } from '#domain/scoring/result-views.ts';
import { scoreAssessment } from '#domain/scoring/scoring.ts';
import type { AnswerMap, ScoringQuestion } from '#domain/scoring/types.ts';

export const ASSESSMENT_ID = '0195f3a0-0000-7000-8000-0000000000a1';
export const ME: TeamMemberDto = { id: '0195f3a0-0000-7000-8000-0000000000b1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.edu', role: 'org_admin' };
export const TEAMMATE: TeamMemberDto = { id: '0195f3a0-0000-7000-8000-0000000000b2', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.edu', role: 'team_member' };
export const ORG_ID = '0195f3a0-0000-7000-8000-0000000000c1';

/** A stable UUID per bank position (the server's ids are UUIDs; the sync contract checks them). */
const questionId = (i: number) => `0195f3a0-0000-7000-8000-${String(i + 1).padStart(12, '0')}`;

export interface BankQuestion {
  def: QuestionDef;
  id: string;
}

const BANK: readonly BankQuestion[] = QUESTION_BANK.map((def, i) => ({ def, id: questionId(i) }));

/** As GET /api/questions returns it (server/features/questions/questions.service.ts toQuestionView). */
export function toQuestionView({ def, id }: BankQuestion): QuestionView {
  return {
    id,
    code: def.code,
    domain_id: def.domainId,
    domain_name: DOMAINS.find((d) => d.id === def.domainId)!.name,
    subdomain: def.subdomain,
    question_text: def.questionText,
    points: def.points,
    critical: def.critical,
    document_evidence_required: def.documentEvidenceRequired,
    evidence_description: def.evidenceDescription,
    guidance: def.guidance,
    sources: def.sources, citations: citationsOf(def.sources), clock: null, novelty: null,
  };
}

export const toDomainView = (d: (typeof DOMAINS)[number]): DomainView => ({ id: d.id, name: d.name, icon: d.icon, description: d.description });

/** A small questionnaire: the first `perDomain` questions of the first two domains, in bank order. */
export function smallQuestionnaire(perDomain = 2): { questions: QuestionView[]; domains: DomainView[] } {
  const domains = DOMAINS.slice(0, 2);
  const questions = domains.flatMap((d) => BANK.filter((q) => q.def.domainId === d.id).slice(0, perDomain));
  return { questions: questions.map(toQuestionView), domains: domains.map(toDomainView) };
}

/** The whole bank as scoring sees it (server: toScoringQuestion). */
export const SCORING_QUESTIONS: readonly (ScoringQuestion & QuestionDef)[] = BANK.map(({ def, id }) => ({ id, ...def }));
export const SCORING_DOMAINS = DOMAINS.map((d) => ({ id: d.id, name: d.name }));

/** Every question of the bank answered Yes except those whose codes are given (answered No). */
export function answersWithNo(...noCodes: string[]): AnswerMap {
  for (const code of noCodes) if (!BANK.some((q) => q.def.code === code)) throw new Error(`No question ${code} in the bank`);
  return Object.fromEntries(BANK.map((q) => [q.id, noCodes.includes(q.def.code) ? 'no' : 'yes']));
}

export const bankQuestion = (predicate: (def: QuestionDef) => boolean): QuestionDef => {
  const q = BANK.find((b) => predicate(b.def));
  if (!q) throw new Error('No such question in the bank');
  return q.def;
};

/**
 * GET /api/assessments/:id/results for these answers, built by the mapping the server uses
 * (domain/scoring/result-views.ts). The questions asked are those of the bank that apply to
 * `profile` (questionsFor, domain/questions/applicability.ts; every question when null), or the
 * given subset of the bank.
 */
export function resultsFor(
  answers: AnswerMap,
  { submittedAt = '2026-11-20T15:04:00.000Z', profile = null, asked }: { submittedAt?: string; profile?: ApplicabilityProfile | null; asked?: readonly ScoringQuestion[] } = {},
): ResultsView {
  const questions = asked ?? questionsFor(SCORING_QUESTIONS, profile);
  const r = scoreAssessment(questions, answers, SCORING_DOMAINS);
  return toResultsView(toResultView(ASSESSMENT_ID, r, new Date(submittedAt), profile), r.gaps, frameworkCoverage(questions, answers));
}

/**
 * The corrective action plan rows of the detailed report for these answers, as first created at
 * submission (domain/scoring/action-plan.ts; server: server/features/actions/actions.service.ts listAssessmentActions):
 * unassigned, open, no notes, version 1.
 */
export function actionPlanFor(answers: AnswerMap, submittedAt = '2026-11-20T15:04:00.000Z', assessmentId = ASSESSMENT_ID): CorrectiveActionView[] {
  const r = scoreAssessment(SCORING_QUESTIONS, answers, SCORING_DOMAINS);
  const text = new Map(SCORING_QUESTIONS.map((q) => [q.id, q.questionText]));
  return buildCorrectiveActionPlan(r.gaps, new Date(submittedAt)).map((p, i) => ({
    id: `0195f3a0-0000-7000-8000-${String(900 + i).padStart(12, '0')}`,
    question_id: p.questionId,
    code: p.code,
    domain_id: p.domainId,
    question_text: text.get(p.questionId) ?? '',
    action: p.action,
    priority: p.priority,
    target_date: p.targetDate,
    owner_id: null,
    owner_name: null,
    status: 'open',
    notes: '',
    version: 1,
    updated_at: submittedAt,
    updated_by_name: null,
    opened_in: { assessment_id: assessmentId, submitted_at: submittedAt },
    closed_at: null,
    closed_note: null,
  }));
}
