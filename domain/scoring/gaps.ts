import type { AnswerMap, DomainGaps, Gap, ScoringDomain, ScoringQuestion } from './types.ts';

/** Used when a question carries no corrective action template (e.g. an admin-authored question). */
export const FALLBACK_ACTION = {
  critical: { priority: 'critical', targetDays: 30 },
  normal: { priority: 'medium', targetDays: 90 },
} as const;

function toGap(q: ScoringQuestion): Gap {
  const fallback = q.critical ? FALLBACK_ACTION.critical : FALLBACK_ACTION.normal;
  return {
    questionId: q.id,
    code: q.code,
    domainId: q.domainId,
    subdomain: q.subdomain ?? '',
    questionText: q.questionText,
    points: q.points,
    critical: q.critical,
    guidance: q.guidance ?? '',
    sources: [...(q.sources ?? [])],
    correctiveAction: q.correctiveAction ?? { action: `Put in place: ${q.questionText}`, ...fallback },
  };
}

/** Critical first, then the most points, then the bank order. */
function byPriority(a: { gap: Gap; index: number }, b: { gap: Gap; index: number }): number {
  if (a.gap.critical !== b.gap.critical) return a.gap.critical ? -1 : 1;
  if (a.gap.points !== b.gap.points) return b.gap.points - a.gap.points;
  return a.index - b.index;
}

/**
 * Every question answered No, grouped by domain (domain order as given, unknown domains last),
 * each group ordered critical first, then points descending. Domains without a gap are left out.
 */
export function buildGapAnalysis(
  questions: readonly ScoringQuestion[],
  answers: AnswerMap,
  domains: readonly ScoringDomain[],
): DomainGaps[] {
  const groups = new Map<string, { gap: Gap; index: number }[]>();
  questions.forEach((q, index) => {
    if (answers[q.id] !== 'no') return;
    const list = groups.get(q.domainId) ?? [];
    list.push({ gap: toGap(q), index });
    groups.set(q.domainId, list);
  });
  const order = [...domains.map((d) => d.id), ...[...groups.keys()].filter((id) => !domains.some((d) => d.id === id))];
  return order
    .filter((id) => groups.has(id))
    .map((id) => {
      const gaps = (groups.get(id) ?? []).sort(byPriority).map((g) => g.gap);
      return {
        domainId: id,
        domainName: domains.find((d) => d.id === id)?.name ?? id,
        pointsLost: gaps.reduce((sum, g) => sum + g.points, 0),
        gaps,
      };
    });
}
