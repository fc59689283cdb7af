import { AlertOctagon, CheckCircle2, ListChecks, Scale } from 'lucide-react';
import { MAX_SCORE, PASS_PERCENTAGE, PASS_THRESHOLD_POINTS, QUESTION_POINTS_RANGE } from '#domain/scoring/policy.ts';
import { DomainIcon } from '../../../components/domain-icon.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table.tsx';
import { domainPoints, gradeBands, questionCount } from '../scoring-summary.ts';

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
            <p className="mt-1 text-sm text-slate-600">That is {PASS_PERCENTAGE}% of the maximum score.</p>
          </li>
          <li className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Condition 2 (and)</p>
            <p className="mt-1 text-lg font-semibold text-slate-900">Every critical question answered Yes</p>
            <p className="mt-1 text-sm text-slate-600">A No on any critical question fails the assessment, whatever the score.</p>
          </li>
        </ol>
      </CardBody>
    </Card>
  );
}

export function DomainPointsTable() {
  const rows = domainPoints();
  const total = rows.reduce((s, r) => s + r.points, 0);
  return (
    <Card>
      <CardHeader icon={<ListChecks className="size-5" />} title="Points per domain" description={`${questionCount()} yes/no questions, each worth ${QUESTION_POINTS_RANGE.min} to ${QUESTION_POINTS_RANGE.max} points by the consequence of a No.`} />
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
                    <p className="mt-0.5 hidden text-xs text-slate-500 sm:block">{d.description}</p>
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
            <Td className="text-right tabular-nums">{rows.reduce((s, r) => s + r.criticalCount, 0)}</Td>
            <Td className="text-right font-semibold tabular-nums text-slate-900" data-testid="points-total">
              {total}
            </Td>
          </Tr>
        </TBody>
      </Table>
    </Card>
  );
}

export function GradeScale() {
  return (
    <Card>
      <CardHeader icon={<CheckCircle2 className="size-5" />} title="Grade scale" description={`A Yes earns the question's points; a No earns none. The grade follows the share of ${MAX_SCORE} points.`} />
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
  const total = rows.reduce((s, r) => s + r.criticalCount, 0);
  return (
    <Card>
      <CardHeader
        icon={<AlertOctagon className="size-5" />}
        title="Critical questions"
        description={`${total} questions are hard statutory or certification requirements. Each must be answered Yes to pass; the questionnaire marks them.`}
      />
      <CardBody>
        <ul className="divide-y divide-slate-100" data-testid="critical-summary">
          {rows.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0">
              <span className="text-sm text-slate-900">{d.name}</span>
              <span className="flex items-center gap-2">
                <Badge tone="danger">{d.criticalCount === 1 ? '1 critical' : `${d.criticalCount} critical`}</Badge>
                <span className="text-xs text-slate-500 tabular-nums">{d.criticalPoints} pts</span>
              </span>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
