import { MAX_SCORE, QUESTION_COUNT_RANGE } from '../scoring/policy.ts';
import { DOMAINS } from './domains.ts';
import type { QuestionDef } from './question-types.ts';
import { isHardSource, isKnownSource } from './sources.ts';

/**
 * Invariants every published questionnaire version must meet (the start-up seed and every admin
 * edit). Returns readable problems (empty when the bank is valid). Field-level rules live in
 * questionDefSchema; sources are ids of the register in domain/questions/sources.ts.
 */
export function checkQuestionBank(
  questions: readonly Pick<QuestionDef, 'code' | 'domainId' | 'points' | 'critical' | 'sources' | 'criticalWhen'>[],
): string[] {
  const problems: string[] = [];
  const total = questions.reduce((s, q) => s + q.points, 0);
  if (total !== MAX_SCORE) problems.push(`The questions must total exactly ${MAX_SCORE} points (they total ${total}).`);
  const { min, max } = QUESTION_COUNT_RANGE;
  if (questions.length < min || questions.length > max) {
    problems.push(`A questionnaire holds ${min} to ${max} questions (this one would hold ${questions.length}).`);
  }
  const seen = new Set<string>();
  for (const q of questions) {
    if (seen.has(q.code)) problems.push(`Question code ${q.code} is used more than once.`);
    seen.add(q.code);
    for (const id of q.sources) {
      if (!isKnownSource(id)) problems.push(`Question ${q.code} cites "${id}", which is not in the source register.`);
    }
    if (q.critical && q.sources.length === 0) problems.push(`Critical question ${q.code} must cite at least one source.`);
    else if (q.critical && !q.sources.some(isHardSource)) {
      problems.push(`Critical question ${q.code} must cite a requirement in force (statute, regulation or agency term).`);
    }
    if (!q.critical && q.criticalWhen.length > 0) {
      problems.push(`Question ${q.code} has conditions for when it is critical, but it is not critical.`);
    }
  }
  for (const d of DOMAINS) {
    if (!questions.some((q) => q.domainId === d.id)) problems.push(`The ${d.name} domain has no questions.`);
  }
  return problems;
}
