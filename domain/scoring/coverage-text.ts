// The words of a framework coverage line, shared by the results page and the detailed report (HTML,
// PDF, Word, Excel). Types only: the crosswalk data stays out of the browser bundle.
import type { FrameworkCoverageView } from '../contracts/assessments.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "(b)(1)(ii) Transactions and functions (IP-29)": the item and the questions not answered Yes. */
export function coverageGapLabel(g: FrameworkCoverageView['gaps'][number]): string {
  const item = g.ref ? `${g.ref} ${g.title}` : g.title;
  return `${item} (${g.codes.join(', ')})`;
}

/** "FAR 52.204-21 (CMMC Level 1): 12 of 15 met, 3 gaps". */
export function coverageHeadline(c: FrameworkCoverageView): string {
  const gaps = c.gaps.length === 0 ? 'no gaps' : plural(c.gaps.length, 'gap');
  return `${c.name}: ${c.met} of ${c.total} met, ${gaps}`;
}

/** What the counts leave out: items the bank does not ask, and items not asked of this organization. */
export function coverageScope(c: FrameworkCoverageView): string {
  const parts = [`${c.covered} of ${c.total} covered by the question bank`];
  if (c.not_asked > 0) parts.push(`${c.not_asked} not asked of this organization`);
  return `${parts.join('; ')}.`;
}

/** Under the "Framework coverage" title, on the results page and in the report files. */
export const COVERAGE_INTRO =
  'Items of each framework met on these answers. A gap names the questions answered No or left unanswered. Items the question bank does not ask about are neither met nor gaps.';

/** The scope, and whether the framework's item list rests on secondary summaries. */
export const coverageScopeLine = (c: FrameworkCoverageView): string =>
  `${coverageScope(c)}${c.basis === 'secondary' ? ' Item list taken from secondary summaries of the source.' : ''}`;

/** One line: headline, the gaps, and the scope. */
export function coverageLine(c: FrameworkCoverageView): string {
  const gaps = c.gaps.length > 0 ? `: ${c.gaps.map(coverageGapLabel).join('; ')}` : '';
  return `${coverageHeadline(c)}${gaps}. ${coverageScope(c)}`;
}
