import { ClipboardList } from 'lucide-react';
import type { AssessmentListItem } from '#domain/contracts/assessments.ts';
import { MSG } from '#domain/messages.ts';
import { MAX_SCORE } from '#domain/scoring/policy.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '#domain/dates.ts';

const STATUS_LABEL = { in_progress: 'In Progress', submitted: 'Submitted' } as const;

function Row({ a }: { a: AssessmentListItem }) {
  const inProgress = a.status === 'in_progress';
  return (
    <Tr data-testid="assessment-row">
      <Td>
        <span className="font-mono text-xs text-slate-900">{a.id.slice(0, 8)}</span>
      </Td>
      <Td className="whitespace-nowrap">{formatDate(a.started_at)}</Td>
      <Td>
        <Badge tone={inProgress ? 'warning' : 'brand'}>{STATUS_LABEL[a.status] ?? a.status}</Badge>
      </Td>
      <Td className="whitespace-nowrap tabular-nums">{a.total_score === null ? '—' : `${a.total_score}/${MAX_SCORE}`}</Td>
      <Td>
        {a.grade ? (
          <span className="inline-flex items-center gap-2">
            <span className="font-semibold text-slate-900">{a.grade}</span>
            {a.pass_fail && <Badge tone={a.pass_fail === 'Pass' ? 'success' : 'danger'} className="whitespace-normal">{a.fail_summary ?? a.pass_fail}</Badge>}
          </span>
        ) : (
          '—'
        )}
      </Td>
      <Td className="text-right">
        <ButtonLink to={paths.assessment.href(a.id)} size="sm" variant={inProgress ? 'primary' : 'secondary'} aria-label={`${inProgress ? 'Continue' : 'View'} assessment ${a.id.slice(0, 8)}`}>
          {inProgress ? 'Continue' : 'View'}
        </ButtonLink>
      </Td>
    </Tr>
  );
}

/** Phones: one card per assessment instead of a sideways-scrolling table. */
function MobileItem({ a }: { a: AssessmentListItem }) {
  const inProgress = a.status === 'in_progress';
  return (
    // Wraps rather than overlaps: a long pass/fail summary pushes the button to its own line.
    <li className="flex flex-wrap items-center gap-3 px-5 py-4">
      <div className="min-w-0 flex-1 basis-52 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs text-slate-900">{a.id.slice(0, 8)}</span>
          <Badge tone={inProgress ? 'warning' : 'brand'}>{STATUS_LABEL[a.status] ?? a.status}</Badge>
        </p>
        <p className="text-xs text-slate-600">Started {formatDate(a.started_at)}</p>
        {a.total_score !== null && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
            <span className="tabular-nums">
              {a.total_score}/{MAX_SCORE}
            </span>
            {a.grade && <span className="font-semibold">{a.grade}</span>}
            {a.pass_fail && <Badge tone={a.pass_fail === 'Pass' ? 'success' : 'danger'} className="whitespace-normal">{a.fail_summary ?? a.pass_fail}</Badge>}
          </p>
        )}
      </div>
      <ButtonLink to={paths.assessment.href(a.id)} size="sm" variant={inProgress ? 'primary' : 'secondary'}>
        {inProgress ? 'Continue' : 'View'}
      </ButtonLink>
    </li>
  );
}

export function AssessmentHistory({ assessments }: { assessments: readonly AssessmentListItem[] }) {
  return (
    <Card>
      <CardHeader icon={<ClipboardList className="size-5" />} title="Assessment History" />
      {assessments.length === 0 ? (
        <CardBody>
          <EmptyState
            icon={<ClipboardList className="size-6" />}
            title={MSG.noAssessmentsYet}
            description="Start your first assessment to get a score, a grade and a corrective action plan."
            action={<ButtonLink to={paths.assessmentNew.href()}>Start Assessment</ButtonLink>}
          />
        </CardBody>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Assessment History">
            {assessments.map((a) => (
              <MobileItem key={a.id} a={a} />
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table caption="Assessment History">
              <THead>
                <Tr>
                  <Th>Assessment ID</Th>
                  <Th>Started</Th>
                  <Th>Status</Th>
                  <Th>Score</Th>
                  <Th>Grade</Th>
                  <Th className="text-right">Actions</Th>
                </Tr>
              </THead>
              <TBody>
                {assessments.map((a) => (
                  <Row key={a.id} a={a} />
                ))}
              </TBody>
            </Table>
          </div>
        </>
      )}
    </Card>
  );
}
