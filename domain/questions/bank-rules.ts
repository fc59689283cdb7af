import { MAX_SCORE, QUESTION_COUNT_RANGE } from '../scoring/policy.ts';
import { describeConditions, implies, type Condition } from './applicability.ts';
import { RETIRED_CODES } from './bank-retired.ts';
import { DOMAINS } from './domains.ts';
import type { QuestionDef } from './question-types.ts';
import { isHardSource, isKnownSource, sourceOf } from './sources.ts';

const RETIRED = new Set(RETIRED_CODES.map((r) => r.code));

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The ways a gate's conditions can hold, one value of each list at a time: [{ agencies: ['nsf',
 * 'nih'] }] holds for NSF or for NIH, so it gives [[{ agencies: ['nsf'] }], [{ agencies: ['nih'] }]].
 * A gate asked of NSF or NIH applicants is bound when an NSF term binds the first case and an NIH
 * notice the second; each case must imply the binds of one cited hard source.
 */
function gateCases(scope: readonly Condition[]): Condition[][] {
  const options = scope.map((c): Condition[] => {
    if ('kinds' in c) return c.kinds.map((k) => ({ kinds: [k] }));
    if ('agencies' in c) return c.agencies.map((a) => ({ agencies: [a] }));
    if ('grants' in c) return c.grants.map((a) => ({ grants: [a] }));
    if ('contracts' in c) return c.contracts.map((a) => ({ contracts: [a] }));
    if ('activities' in c) return c.activities.map((a) => ({ activities: [a] }));
    return [c];
  });
  return options.reduce<Condition[][]>((cases, opts) => cases.flatMap((c) => opts.map((o) => [...c, o])), [[]]);
}

/**
 * Invariants every published questionnaire version must meet (the start-up seed and every admin
 * edit). Returns readable problems (empty when the bank is valid). Field-level rules live in
 * questionDefSchema; sources are ids of the register in domain/questions/sources.ts.
 *
 * Gates follow the law (docs/decisions/018): a question that cites a hard requirement in force is
 * a gate, and a gate gates only organizations its hard sources bind (however its appliesWhen and
 * criticalWhen hold, they imply the binds of one of its hard sources). A question that only
 * supports a duty cites guidance, not the statute. A superseded source is not in force, so a gate
 * cannot rest on it alone; the message names what replaced it.
 */
export function checkQuestionBank(
  questions: readonly Pick<QuestionDef, 'code' | 'domainId' | 'points' | 'critical' | 'sources' | 'appliesWhen' | 'criticalWhen' | 'clock'>[],
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
    if (RETIRED.has(q.code)) problems.push(`Question code ${q.code} was retired and cannot be used again.`);
    for (const id of q.sources) {
      if (!isKnownSource(id)) problems.push(`Question ${q.code} cites "${id}", which is not in the source register.`);
    }
    if (q.clock && !isKnownSource(q.clock.source)) {
      problems.push(`The clock of question ${q.code} names "${q.clock.source}" as its source, which is not in the source register.`);
    }
    const hard = q.sources.filter(isHardSource);
    const superseded = q.sources.filter((id) => sourceOf(id)?.status === 'superseded');
    if (q.critical && q.sources.length === 0) problems.push(`Critical question ${q.code} must cite at least one source.`);
    else if (q.critical && hard.length === 0 && superseded.length > 0) {
      const named = superseded.map((id) => {
        const s = sourceOf(id)!;
        return `${s.label}, superseded by ${sourceOf(s.supersededBy!)?.label ?? s.supersededBy}`;
      });
      problems.push(`Critical question ${q.code} rests only on a superseded source (${named.join('; ')}): cite the requirement in force that replaces it.`);
    } else if (q.critical && hard.length === 0) {
      problems.push(`Critical question ${q.code} must cite a requirement in force (statute, regulation or agency term).`);
    } else if (q.critical) {
      const unbound = gateCases([...q.appliesWhen, ...q.criticalWhen]).find((c) => !hard.some((id) => implies(c, sourceOf(id)!.binds!)));
      if (unbound) {
        const binds = hard.map((id) => `${sourceOf(id)!.label} binds ${lowerFirst(describeConditions(sourceOf(id)!.binds!))}`).join('; ');
        problems.push(`Critical question ${q.code} gates organizations its sources do not bind: it gates ${lowerFirst(describeConditions(unbound))}, but ${binds}.`);
      }
    }
    if (!q.critical && hard.length > 0) {
      problems.push(
        `Question ${q.code} cites a requirement in force (${hard.map((id) => sourceOf(id)!.label).join(', ')}), so it must be a gate: mark it critical, or cite guidance instead if it only supports that duty.`,
      );
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
