// What the "How scoring works" page shows, derived from the policy and the question bank's public
// summary. Nothing here restates a number: every figure comes from domain/scoring/policy.ts or from
// `virtual:bank-summary`, which the build computes from the bank (scripts/vite-bank-summary.ts) so
// that no question text, guidance or corrective action is in a public chunk.
import summary from 'virtual:bank-summary';
import { DOMAINS } from '#domain/questions/domains.ts';
import { GRADE_SCALE, MAX_SCORE, minimumPointsFor, PASS_THRESHOLD_POINTS, scaledScore, type Grade } from '#domain/scoring/policy.ts';

export interface DomainPoints {
  id: string;
  name: string;
  icon: string;
  description: string;
  questionCount: number;
  points: number;
  criticalCount: number;
  criticalPoints: number;
}

export interface GradeBand {
  grade: Grade;
  minPercentage: number;
  minPoints: number;
  /** Highest score that still earns this grade. */
  maxPoints: number;
}

export function domainPoints(): DomainPoints[] {
  return DOMAINS.map((d) => {
    const s = summary.domains.find((x) => x.id === d.id);
    return {
      id: d.id,
      name: d.name,
      icon: d.icon,
      description: d.description,
      questionCount: s?.questionCount ?? 0,
      points: s?.points ?? 0,
      criticalCount: s?.criticalCount ?? 0,
      criticalPoints: s?.criticalPoints ?? 0,
    };
  });
}

export function gradeBands(): GradeBand[] {
  return GRADE_SCALE.map((step, i) => {
    const higher = GRADE_SCALE[i - 1];
    return {
      grade: step.grade,
      minPercentage: step.minPercentage,
      minPoints: minimumPointsFor(step.grade),
      maxPoints: higher ? minimumPointsFor(higher.grade) - 1 : MAX_SCORE,
    };
  });
}

export const questionCount = () => summary.questionCount;

/** How many questions every organization is asked, and how many depend on its applicability profile. */
export const applicabilityCounts = () => ({ everyOrganization: summary.everyOrganizationCount, dependsOnProfile: summary.profileDependentCount });

export interface GateRow {
  domainId: string;
  domainName: string;
  subdomain: string;
  points: number;
  askedOf: string;
  gateFor: string;
}

/** Every gate of the bank with where it is asked and where a No fails the assessment. */
export function gateRows(): GateRow[] {
  return summary.gates.map((g) => ({
    domainId: g.domainId,
    domainName: DOMAINS.find((d) => d.id === g.domainId)?.name ?? g.domainId,
    subdomain: g.subdomain,
    points: g.points,
    askedOf: g.askedOf,
    gateFor: g.gateFor,
  }));
}

/** The worked example of the scaling rule, computed by the rule itself. */
export const SCALING_EXAMPLE = (() => {
  const earned = 101;
  const applicable = 120;
  const score = scaledScore(earned, applicable);
  return { earned, applicable, score, maxScore: MAX_SCORE, reachesThreshold: score >= PASS_THRESHOLD_POINTS };
})();
