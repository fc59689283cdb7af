// The figures public pages may show about the question bank: counts and point totals per domain,
// how many questions depend on the applicability profile, and each gate's domain, topic (its
// subdomain), points and where the law makes it a gate. Never a question's code, text, guidance or
// corrective action (those reach signed-in users only, through GET /api/questions; see
// docs/decisions/012-results-line-and-public-content.md). The build computes this once
// (scripts/vite-bank-summary.ts) so the bank itself is in no JavaScript chunk.
import { describeConditions, type Condition } from '../questions/applicability.ts';
import type { QuestionDef } from '../questions/question-types.ts';

export interface PublicGate {
  domainId: string;
  /** The question's topic, e.g. "Governance". */
  subdomain: string;
  points: number;
  /** Who is asked the question: describeConditions(appliesWhen), e.g. "Every organization". */
  askedOf: string;
  /** Where a No fails the assessment: describeConditions of appliesWhen and criticalWhen together. */
  gateFor: string;
}

export interface PublicBankSummary {
  questionCount: number;
  /** Questions with no appliesWhen condition: asked of every organization. */
  everyOrganizationCount: number;
  /** Questions asked only of organizations whose profile meets their conditions. */
  profileDependentCount: number;
  domains: { id: string; questionCount: number; points: number; criticalCount: number; criticalPoints: number }[];
  /** Every critical question, in domain order then bank order. */
  gates: PublicGate[];
}

type SummaryQuestion = Pick<QuestionDef, 'domainId' | 'subdomain' | 'points' | 'critical' | 'appliesWhen' | 'criticalWhen'>;

/** The conditions once each, in their first order ("covered institutions, and covered institutions" reads badly). */
const unique = (conditions: readonly Condition[]): Condition[] => {
  const seen = new Set<string>();
  return conditions.filter((c) => {
    const key = JSON.stringify(c);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export function publicBankSummary(domainIds: readonly string[], bank: readonly SummaryQuestion[]): PublicBankSummary {
  const everyOrganizationCount = bank.filter((q) => q.appliesWhen.length === 0).length;
  return {
    questionCount: bank.length,
    everyOrganizationCount,
    profileDependentCount: bank.length - everyOrganizationCount,
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
    gates: domainIds.flatMap((id) =>
      bank
        .filter((q) => q.domainId === id && q.critical)
        .map((q) => ({
          domainId: q.domainId,
          subdomain: q.subdomain,
          points: q.points,
          askedOf: describeConditions(q.appliesWhen),
          gateFor: describeConditions(unique([...q.appliesWhen, ...q.criticalWhen])),
        })),
    ),
  };
}
