// Starting an assessment from the organization's last submitted one (ADR 019), as pure functions:
// which questions are new or changed since then (matched by their stable code), which answers and
// evidence files are carried to re-confirm, and how the carried answers ended up at submit.
import type { CarrySummary } from '../contracts/cycles.ts';
import type { AnswerOrigin, AnswerValue, QuestionNovelty } from '../contracts/enums.ts';

/** A question as asked in one assessment: `critical` is its gate resolved for that assessment's profile. */
export interface AskedQuestion {
  id: string;
  code: string;
  questionText: string;
  points: number;
  documentEvidenceRequired: boolean;
  critical: boolean;
}

/**
 * A question of the new assessment against the same code in the previous one: 'new' when it was not
 * asked there; 'changed' when its wording, points, evidence rule or resolved gate differ (a person
 * has to answer it afresh); null when it is the same question.
 */
export function noveltyOf(prev: AskedQuestion | undefined, next: AskedQuestion): QuestionNovelty | null {
  if (!prev) return 'new';
  const same =
    prev.questionText === next.questionText &&
    prev.points === next.points &&
    prev.documentEvidenceRequired === next.documentEvidenceRequired &&
    prev.critical === next.critical;
  return same ? null : 'changed';
}

/** Every asked question of the new assessment by id, with its novelty against the previous one. */
export function noveltiesOf(previous: readonly AskedQuestion[], next: readonly AskedQuestion[]): Map<string, QuestionNovelty | null> {
  const byCode = new Map(previous.map((q) => [q.code, q]));
  return new Map(next.map((q) => [q.id, noveltyOf(byCode.get(q.code), q)]));
}

export interface PreviousAnswer {
  questionId: string;
  answer: AnswerValue;
  origin: AnswerOrigin;
  updatedBy: string | null;
}

export interface PreviousEvidence {
  id: string;
  questionId: string;
  status: string;
}

export interface CarriedAnswer {
  /** The question of the new assessment. */
  questionId: string;
  answer: AnswerValue;
  /** Who gave the answer in the previous assessment (the carried row keeps its author). */
  updatedBy: string | null;
}

export interface CarriedEvidence<E extends PreviousEvidence> {
  /** The question of the new assessment the copy belongs to. */
  questionId: string;
  from: E;
}

export interface CarryPlan<E extends PreviousEvidence> {
  novelty: Map<string, QuestionNovelty | null>;
  answers: CarriedAnswer[];
  evidence: CarriedEvidence<E>[];
}

/**
 * What a new assessment takes over from the previous one: an answer for each question that is
 * neither new nor changed and was answered there (never one still waiting to be re-confirmed), and
 * the attached evidence files of exactly those questions. New and changed questions start empty.
 */
export function carryPlan<E extends PreviousEvidence>(input: {
  previous: readonly AskedQuestion[];
  next: readonly AskedQuestion[];
  answers: readonly PreviousAnswer[];
  evidence: readonly E[];
}): CarryPlan<E> {
  const novelty = noveltiesOf(input.previous, input.next);
  const prevByCode = new Map(input.previous.map((q) => [q.code, q]));
  const answerByPrevId = new Map(input.answers.filter((a) => a.origin !== 'carried').map((a) => [a.questionId, a]));
  const answers: CarriedAnswer[] = [];
  const nextIdByPrevId = new Map<string, string>();
  for (const q of input.next) {
    if (novelty.get(q.id) !== null) continue;
    const prev = prevByCode.get(q.code);
    const answer = prev && answerByPrevId.get(prev.id);
    if (!prev || !answer) continue;
    answers.push({ questionId: q.id, answer: answer.answer, updatedBy: answer.updatedBy });
    nextIdByPrevId.set(prev.id, q.id);
  }
  const evidence = input.evidence.flatMap((e) => {
    const questionId = e.status === 'attached' ? nextIdByPrevId.get(e.questionId) : undefined;
    return questionId ? [{ questionId, from: e }] : [];
  });
  return { novelty, answers, evidence };
}

/**
 * How the carried answers ended up at submit. `carried` is what was copied at the start (the answer
 * then); `current` is each question's answer now. A carried answer changed and later changed back
 * counts as re-chosen (confirmed), not changed.
 */
export function carrySummary(input: {
  carriedFrom: string;
  carried: readonly { questionId: string; answer: AnswerValue }[];
  current: ReadonlyMap<string, { answer: AnswerValue; origin: AnswerOrigin }>;
  newQuestions: number;
}): CarrySummary {
  const summary: CarrySummary = { carried_from: input.carriedFrom, carried: 0, confirmed: 0, bulk_confirmed: 0, changed: 0, new_questions: input.newQuestions };
  for (const c of input.carried) {
    summary.carried++;
    const now = input.current.get(c.questionId);
    if (!now || now.origin === 'carried') continue;
    if (now.origin === 'bulk_confirmed') summary.bulk_confirmed++;
    else if (now.answer === c.answer) summary.confirmed++;
    else summary.changed++;
  }
  return summary;
}
