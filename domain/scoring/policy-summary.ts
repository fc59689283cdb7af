// The figures public pages may show about the question bank: counts and point totals per domain,
// never a question's text, guidance or corrective action (those reach signed-in users only, through
// GET /api/questions; see docs/decisions/012-results-line-and-public-content.md). The build computes
// this once (scripts/vite-bank-summary.ts) so the bank itself is in no JavaScript chunk.
import type { QuestionDef } from '../questions/question-types.ts';

export interface PublicBankSummary {
  questionCount: number;
  domains: { id: string; questionCount: number; points: number; criticalCount: number; criticalPoints: number }[];
}

export function publicBankSummary(
  domainIds: readonly string[],
  bank: readonly Pick<QuestionDef, 'domainId' | 'points' | 'critical'>[],
): PublicBankSummary {
  return {
    questionCount: bank.length,
    domains: domainIds.map((id) => {
      const qs = bank.filter((q) => q.domainId === id);
      const critical = qs.filter((q) => q.critical);
      return {
        id,
        questionCount: qs.length,
        points: qs.reduce((s, q) => s + q.points, 0),
        criticalCount: critical.length,
        criticalPoints: critical.reduce((s, q) => s + q.points, 0),
      };
    }),
  };
}
