import { AlertOctagon, Building2, CheckCircle2, ListChecks, Scale } from 'lucide-react';
import { MAX_SCORE, PASS_PERCENTAGE, PASS_THRESHOLD_POINTS, QUESTION_POINTS_RANGE, SCALING_RULE_TEXT } from '#domain/scoring/policy.ts';
import { DomainIcon } from '../../../components/domain-icon.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table.tsx';
import { plural } from '../../../utils/format-time.ts';
import { applicabilityCounts, domainPoints, gateRows, gradeBands, questionCount, SCALING_EXAMPLE } from '../scoring-summary.ts';

export function PassRule() {
  return (
    <Card>
      <CardHeader icon={<Scale className="size-5" />} title="The pass rule" description="An assessment passes only when both conditions hold." />
      <CardBody>
        <ol className="grid gap-4 sm:grid-cols-2">
          <li className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Condition 1</p>
            <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="pass-threshold">
              At least {PASS_THRESHOLD_POINTS} of {MAX_SCORE} points
            </p>
            <p className="mt-1 text-sm text-slate-600">That is {PASS_PERCENTAGE}% of the maximum score, or {PASS_PERCENTAGE}% of the points that apply to the organization.</p>
          </li>
          <li className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Condition 2 (and)</p>
            <p className="mt-1 text-lg font-semibold text-slate-900">Every critical question answered Yes</p>
            <p className="mt-1 text-sm text-slate-600">A No on a critical question fails the assessment, whatever the score, where the law imposes that duty on the organization.</p>
          </li>
        </ol>
      </CardBody>
    </Card>
  );
}

/** "6 questions · 2 critical · 20 points": a domain's counts on one line, for narrow screens. */
function countsLine(questions: number, critical: number, points: number) {
  return (
    <p className="mt-0.5 text-sm text-slate-600">
      {plural(questions, 'question')} · {critical} critical · <span className="font-semibold text-slate-900">{plural(points, 'point')}</span>
    </p>
  );
}

export function DomainPointsTable() {
  const rows = domainPoints();
  const total = rows.reduce((s, r) => s + r.points, 0);
  const criticalTotal = rows.reduce((s, r) => s + r.criticalCount, 0);
  return (
    <Card>
      <CardHeader icon={<ListChecks className="size-5" />} title="Points per domain" description={`${questionCount()} yes/no questions, each worth ${QUESTION_POINTS_RANGE.min} to ${QUESTION_POINTS_RANGE.max} points by the consequence of a No.`} />
      {/* Phones: one item per domain with its counts under the name, instead of a sideways-scrolling table. */}
      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Points per domain" data-testid="domain-points-list">
        {rows.map((d) => (
          <li key={d.id} className="flex items-start gap-3 px-5 py-3">
            <span className="mt-0.5 rounded-md bg-brand-50 p-1.5 text-brand-700">
              <DomainIcon icon={d.icon} className="size-4" />
            </span>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{d.name}</p>
              {countsLine(d.questionCount, d.criticalCount, d.points)}
            </div>
          </li>
        ))}
        <li className="px-5 py-3">
          <p className="font-semibold text-slate-900">Total</p>
          {countsLine(questionCount(), criticalTotal, total)}
        </li>
      </ul>
      <div className="hidden sm:block">
        <Table caption="Points per domain">
          <THead>
            <Tr>
              <Th>Domain</Th>
              <Th className="text-right">Questions</Th>
              <Th className="text-right">Critical</Th>
              <Th className="text-right">Points</Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((d) => (
              <Tr key={d.id}>
                <Td>
                  <div className="flex items-start gap-3">
                    <span className="mt-0.5 rounded-md bg-brand-50 p-1.5 text-brand-700">
                      <DomainIcon icon={d.icon} className="size-4" />
                    </span>
                    <div>
                      <p className="font-medium text-slate-900">{d.name}</p>
                      <p className="mt-0.5 text-xs text-slate-500">{d.description}</p>
                    </div>
                  </div>
                </Td>
                <Td className="text-right tabular-nums">{d.questionCount}</Td>
                <Td className="text-right tabular-nums">{d.criticalCount}</Td>
                <Td className="text-right font-semibold tabular-nums text-slate-900">{d.points}</Td>
              </Tr>
            ))}
            <Tr>
              <Td className="font-semibold text-slate-900">Total</Td>
              <Td className="text-right tabular-nums">{questionCount()}</Td>
              <Td className="text-right tabular-nums">{criticalTotal}</Td>
              <Td className="text-right font-semibold tabular-nums text-slate-900" data-testid="points-total">
                {total}
              </Td>
            </Tr>
          </TBody>
        </Table>
      </div>
    </Card>
  );
}

export function GradeScale() {
  return (
    <Card>
      <CardHeader icon={<CheckCircle2 className="size-5" />} title="Grade scale" description={`The grade follows the score out of ${MAX_SCORE}, that is the share of the points that apply.`} />
      <Table caption="Grade scale">
        <THead>
          <Tr>
            <Th>Grade</Th>
            <Th>Share of maximum</Th>
            <Th className="text-right">Score</Th>
          </Tr>
        </THead>
        <TBody>
          {gradeBands().map((b) => (
            <Tr key={b.grade}>
              <Td>
                <span className="inline-flex size-8 items-center justify-center rounded-md bg-slate-100 font-semibold text-slate-900">{b.grade}</span>
              </Td>
              <Td>{b.minPercentage > 0 ? `${b.minPercentage}% or more` : 'Below the grades above'}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">
                {b.minPoints}–{b.maxPoints}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}

export function CriticalQuestionList() {
  const rows = domainPoints().filter((d) => d.criticalCount > 0);
  const gates = gateRows();
  const total = rows.reduce((s, r) => s + r.criticalCount, 0);
  return (
    <Card>
      <CardHeader
        icon={<AlertOctagon className="size-5" />}
        title="Critical questions"
        description={`${total} questions are hard statutory or certification requirements. Where the law imposes the duty on the organization, a No fails the assessment whatever the score; elsewhere the question is scored like any other, or not asked. The questionnaire marks them.`}
      />
      <CardBody>
        <ul className="divide-y divide-slate-100" data-testid="critical-summary">
          {rows.map((d) => (
            <li key={d.id} className="py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-slate-900">{d.name}</h3>
                <span className="flex items-center gap-2">
                  <Badge tone="danger">{d.criticalCount === 1 ? '1 critical' : `${d.criticalCount} critical`}</Badge>
                  <span className="text-xs text-slate-500 tabular-nums">{d.criticalPoints} pts</span>
                </span>
              </div>
              <ul className="mt-2 space-y-2">
                {gates
                  .filter((g) => g.domainId === d.id)
                  .map((g, i) => (
                    <li key={`${g.subdomain}-${i}`} className="rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="gate">
                      <p className="font-medium text-slate-800">
                        {g.subdomain} <span className="font-normal text-slate-500 tabular-nums">· {g.points} pts</span>
                      </p>
                      <p className="mt-0.5 text-slate-600">Gate for: {g.gateFor}</p>
                      {g.askedOf !== g.gateFor && <p className="mt-0.5 text-slate-600">Asked of: {g.askedOf}</p>}
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

/** Which questions are asked, and how the points earned on them become a score out of MAX_SCORE. */
export function ApplicabilityAndScaling() {
  const counts = applicabilityCounts();
  const x = SCALING_EXAMPLE;
  return (
    <Card>
      <CardHeader icon={<Building2 className="size-5" />} title="Questions that apply to your organization" description="Not every duty falls on every organization, so not every question is asked." />
      <CardBody className="space-y-4 text-sm text-slate-700">
        <p>
          Before the first assessment, an organization admin describes the organization: its kind, whether it is a covered institution, which federal agencies fund its
          research, and which activities bring duties of their own. Each assessment keeps the profile it started with, so editing the profile later does not change a
          past result.
        </p>
        <p data-testid="applicability-counts">
          {counts.dependsOnProfile === 0
            ? `All ${questionCount()} questions are asked of every organization.`
            : `${counts.everyOrganization} of ${questionCount()} questions are asked of every organization; ${counts.dependsOnProfile} depend on the profile.`}
        </p>
        <p data-testid="scaling-rule">{SCALING_RULE_TEXT}</p>
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="scaling-example">
          <p className="font-semibold text-slate-900">Example</p>
          <p className="mt-1">
            The questions asked are worth {x.applicable} points and the answers earn {x.earned} of them. The score is {x.earned} × {x.maxScore} ÷ {x.applicable}, rounded
            down: <strong className="text-slate-900">{x.score} of {x.maxScore}</strong>
            {x.reachesThreshold ? `, at or above the pass threshold of ${PASS_THRESHOLD_POINTS}.` : `, below the pass threshold of ${PASS_THRESHOLD_POINTS}.`}
          </p>
          <p className="mt-1">
            The pass threshold thus means {PASS_PERCENTAGE}% of the points that apply, whatever the number of questions asked.
          </p>
        </div>
      </CardBody>
    </Card>
  );
}
