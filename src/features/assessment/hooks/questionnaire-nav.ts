// Pure navigation over the questionnaire: domains in order, one question at a time,
// Previous / Next across domain boundaries (the last question of a domain leads to the first of the next).
import type { DomainView, QuestionView } from '#domain/contracts/assessments.ts';

export interface DomainGroup {
  domain: DomainView;
  questions: QuestionView[];
}

export interface Position {
  domainIndex: number;
  questionIndex: number;
}

/** Domains in the server's order, each with its questions; domains without questions are left out. */
export function groupByDomain(questions: readonly QuestionView[], domains: readonly DomainView[]): DomainGroup[] {
  const known = domains.map((domain) => ({ domain, questions: questions.filter((q) => q.domain_id === domain.id) }));
  const orphans = questions.filter((q) => !domains.some((d) => d.id === q.domain_id));
  const extra = [...new Set(orphans.map((q) => q.domain_id))].map((id) => {
    const first = orphans.find((q) => q.domain_id === id)!;
    return { domain: { id, name: first.domain_name, icon: 'Shield', description: '' }, questions: orphans.filter((q) => q.domain_id === id) };
  });
  return [...known, ...extra].filter((g) => g.questions.length > 0);
}

export const questionAt = (groups: readonly DomainGroup[], p: Position): QuestionView | undefined => groups[p.domainIndex]?.questions[p.questionIndex];

export function nextPosition(groups: readonly DomainGroup[], p: Position): Position | null {
  const group = groups[p.domainIndex];
  if (!group) return null;
  if (p.questionIndex + 1 < group.questions.length) return { domainIndex: p.domainIndex, questionIndex: p.questionIndex + 1 };
  if (p.domainIndex + 1 < groups.length) return { domainIndex: p.domainIndex + 1, questionIndex: 0 };
  return null;
}

export function previousPosition(groups: readonly DomainGroup[], p: Position): Position | null {
  if (p.questionIndex > 0) return { domainIndex: p.domainIndex, questionIndex: p.questionIndex - 1 };
  const prev = groups[p.domainIndex - 1];
  return prev ? { domainIndex: p.domainIndex - 1, questionIndex: prev.questions.length - 1 } : null;
}

export const isLastPosition = (groups: readonly DomainGroup[], p: Position) => nextPosition(groups, p) === null;

export function positionOf(groups: readonly DomainGroup[], questionId: string): Position | null {
  for (let d = 0; d < groups.length; d++) {
    const q = groups[d]!.questions.findIndex((x) => x.id === questionId);
    if (q >= 0) return { domainIndex: d, questionIndex: q };
  }
  return null;
}

/** Where to resume: the first unanswered question, else the very last one. */
export function firstUnanswered(groups: readonly DomainGroup[], isAnswered: (questionId: string) => boolean): Position {
  for (let d = 0; d < groups.length; d++) {
    const q = groups[d]!.questions.findIndex((x) => !isAnswered(x.id));
    if (q >= 0) return { domainIndex: d, questionIndex: q };
  }
  const last = groups.length - 1;
  return { domainIndex: Math.max(0, last), questionIndex: Math.max(0, (groups[last]?.questions.length ?? 1) - 1) };
}
