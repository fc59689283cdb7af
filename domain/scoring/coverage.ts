// Framework coverage of one assessment: for each crosswalk (domain/questions/crosswalks.ts), how many
// of its items the organization meets on its answers. Pure, like scoring.ts; the server sends the
// result with the results and the detailed report (coverage-text.ts words it).
import type { FrameworkCoverageView } from '../contracts/assessments.ts';
import { CROSSWALKS, questionsByItem, type Crosswalk } from '../questions/crosswalks.ts';
import type { AnswerMap } from './types.ts';

/** Where an item stands for one assessment. */
export type ItemStatus = 'met' | 'gap' | 'not_asked' | 'not_covered';

/**
 * met: every mapped question asked of the organization is answered Yes; gap: one of them is No or
 * unanswered; not_asked: the bank maps questions to it but none was asked (the applicability
 * profile left them out); not_covered: no question of the bank maps to it.
 */
export function itemStatus(mapped: readonly string[], answerByCode: ReadonlyMap<string, 'yes' | 'no' | undefined>): { status: ItemStatus; open: string[] } {
  if (mapped.length === 0) return { status: 'not_covered', open: [] };
  const asked = mapped.filter((code) => answerByCode.has(code));
  if (asked.length === 0) return { status: 'not_asked', open: [] };
  const open = asked.filter((code) => answerByCode.get(code) !== 'yes');
  return { status: open.length === 0 ? 'met' : 'gap', open };
}

/**
 * Coverage of each framework by the questions asked in one assessment (`asked`: the questions of
 * the pinned version that apply to the organization) and its answers (by question id).
 */
export function frameworkCoverage(
  asked: readonly { id: string; code: string }[],
  answers: AnswerMap,
  crosswalks: readonly Crosswalk[] = CROSSWALKS,
): FrameworkCoverageView[] {
  const answerByCode = new Map(asked.map((q) => [q.code, answers[q.id]] as const));
  return crosswalks.map((c) => {
    const byItem = questionsByItem(c);
    const counts = { met: 0, gap: 0, not_asked: 0, not_covered: 0 };
    const gaps: FrameworkCoverageView['gaps'] = [];
    for (const item of c.items) {
      const { status, open } = itemStatus(byItem.get(item.id) ?? [], answerByCode);
      counts[status] += 1;
      if (status === 'gap') gaps.push({ id: item.id, ref: item.ref, title: item.title, codes: open });
    }
    return {
      framework_id: c.id,
      name: c.name,
      basis: c.basis,
      total: c.items.length,
      covered: c.items.length - counts.not_covered,
      met: counts.met,
      not_asked: counts.not_asked,
      not_covered: counts.not_covered,
      gaps,
    };
  });
}
