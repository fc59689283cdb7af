// The change since the previous submitted assessment: total, grade and Pass/Fail, each domain's
// percentage, and the questions whose answer turned (Yes to No, No to Yes). Built by the server
// (compareAssessments in domain/cycles/compare.ts); the saved read keeps it readable offline (ADR 032).
import { useCallback, type ReactNode } from 'react';
import { AlertOctagon, ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import type { ComparisonView, QuestionChange } from '#domain/contracts/cycles.ts';
import { signed } from '#domain/cycles/compare.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../../components/ui/card.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../../../components/ui/table.tsx';
import { messageOf, useServerQuery } from '../../../../lib/server-data/index.ts';
import { cn } from '../../../../utils/cn.ts';
import { formatDate } from '#domain/dates.ts';
import { plural } from '../../../../utils/format-time.ts';
import { comparisonCacheKey, getComparison } from '../../api/compare.ts';

export const FIRST_ASSESSMENT_LINE = 'This is your first submitted assessment. The next one you submit will be compared with it.';

/** A change in words and colour (the words carry the meaning): "+5", "−2.5 points" … */
function Delta({ value, unit, testId }: { value: number | null; unit: string; testId?: string }) {
  if (value === null) return <span className="text-slate-500">new</span>;
  const Icon = value > 0 ? ArrowUpRight : value < 0 ? ArrowDownRight : ArrowRight;
  return (
    <span
      data-testid={testId}
      className={cn('inline-flex items-center gap-0.5 whitespace-nowrap tabular-nums', value > 0 ? 'font-semibold text-emerald-800' : value < 0 ? 'font-semibold text-red-700' : 'text-slate-600')}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {value === 0 ? 'no change' : `${signed(value)}${unit}`}
    </span>
  );
}

function Then({ label, before, now, delta, testId }: { label: string; before: string; now: string; delta?: ReactNode; testId: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 px-4 py-3" data-testid={testId}>
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-lg text-slate-900 tabular-nums">
        <span className="text-slate-600">{before}</span>
        <span className="sr-only">to</span>
        <ArrowRight aria-hidden="true" className="size-4 self-center text-slate-500" />
        <span className="font-semibold">{now}</span>
      </p>
      {delta && <p className="mt-0.5 text-sm">{delta}</p>}
    </div>
  );
}

function ChangeList({ title, empty, items, testId, down }: { title: string; empty: string; items: QuestionChange[]; testId: string; down: boolean }) {
  const Icon = down ? ArrowDownRight : ArrowUpRight;
  return (
    <section aria-label={title} data-testid={testId}>
      <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Icon aria-hidden="true" className={cn('size-4 shrink-0', down ? 'text-red-700' : 'text-emerald-800')} />
        <span>
          {title} <span className="font-normal text-slate-600">({items.length})</span>
        </span>
      </h3>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {items.map((q) => (
            <li key={q.code} className="flex flex-wrap items-start gap-x-2 gap-y-1 text-sm text-slate-800" data-testid="question-change">
              <Badge tone="neutral">{q.code}</Badge>
              {q.critical && (
                <Badge tone="danger" icon={<AlertOctagon aria-hidden="true" className="size-3" />}>
                  Critical
                </Badge>
              )}
              <span className="min-w-0 flex-1 basis-60">{q.question_text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The comparison once loaded (also rendered on its own by tests). */
export function ComparisonBody({ view }: { view: ComparisonView }) {
  const prev = view.previous;
  if (!prev)
    return (
      <CardBody>
        <p className="text-sm text-slate-700" data-testid="comparison-first">
          {FIRST_ASSESSMENT_LINE}
        </p>
      </CardBody>
    );
  const cur = view.current;
  return (
    <>
      <CardBody className="space-y-6">
        <div className="grid gap-3 sm:grid-cols-3">
          <Then
            label="Total score"
            before={String(prev.total_score)}
            now={String(cur.total_score)}
            delta={<Delta value={view.total_delta} unit={Math.abs(view.total_delta ?? 0) === 1 ? ' point' : ' points'} testId="total-delta" />}
            testId="compare-total"
          />
          <Then label="Grade" before={prev.grade} now={cur.grade} testId="compare-grade" />
          <Then label="Result" before={prev.pass_fail} now={cur.pass_fail} testId="compare-pass-fail" />
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          <ChangeList title="Regressed: Yes before, No now" empty="No answer went from Yes to No." items={view.regressed} testId="regressed" down />
          <ChangeList title="Improved: No before, Yes now" empty="No answer went from No to Yes." items={view.improved} testId="improved" down={false} />
        </div>
      </CardBody>
      {/* Phones: one line per domain instead of a table whose last column scrolls out of view. */}
      <ul className="divide-y divide-slate-100 border-t border-slate-100 sm:hidden" aria-label="Domain scores, previous and this assessment">
        {view.domains.map((d) => (
          <li key={d.domain_id} className="px-5 py-3 text-sm" data-testid="domain-delta-item">
            <p className="font-medium text-slate-900">{d.domain_name}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-slate-700 tabular-nums">
              <span>
                {d.previous_percentage === null ? 'not scored' : `${d.previous_percentage}%`} <span className="sr-only">to</span>
                <ArrowRight aria-hidden="true" className="inline size-3.5 text-slate-500" /> {d.percentage}%
              </span>
              <Delta value={d.delta} unit=" pts" />
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <Table caption="Domain scores, previous and this assessment, in percent; change in percentage points">
          <THead>
            <Tr>
              <Th>Domain</Th>
              <Th className="text-right">Before</Th>
              <Th className="text-right">Now</Th>
              <Th className="text-right">Change</Th>
            </Tr>
          </THead>
          <TBody>
            {view.domains.map((d) => (
              <Tr key={d.domain_id} data-testid="domain-delta">
                <Td className="font-medium text-slate-900">{d.domain_name}</Td>
                <Td className="text-right tabular-nums">{d.previous_percentage === null ? '—' : `${d.previous_percentage}%`}</Td>
                <Td className="text-right tabular-nums">{d.percentage}%</Td>
                <Td className="text-right">
                  <Delta value={d.delta} unit=" pts" />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
    </>
  );
}

/** The results' comparison section; loads its own data (the saved copy offline). */
export function Comparison({ assessmentId }: { assessmentId: string }) {
  const load = useCallback((signal: AbortSignal) => getComparison(assessmentId, signal), [assessmentId]);
  const res = useServerQuery(comparisonCacheKey(assessmentId), load, { offline: true });
  const prev = res.data?.previous ?? null;
  const changes = res.data ? res.data.regressed.length + res.data.improved.length : 0;
  return (
    <Card data-testid="comparison">
      <CardHeader
        title="Since your previous assessment"
        description={
          prev
            ? `Compared with the assessment submitted ${formatDate(prev.submitted_at)}: ${plural(changes, 'answer')} changed.`
            : 'How this assessment compares with the one submitted before it.'
        }
      />
      {res.status === 'loading' && <CardBody className="text-sm text-slate-600">Loading the comparison…</CardBody>}
      {res.status === 'error' && (
        <CardBody>
          <Alert tone="warning" title="The comparison could not be loaded" action={<Button size="sm" variant="secondary" onClick={res.reload}>Retry</Button>}>
            {res.offline ? 'You are offline and this device has no saved copy of the comparison yet.' : messageOf(res.error, 'Please try again in a moment.')}
          </Alert>
        </CardBody>
      )}
      {res.data && <ComparisonBody view={res.data} />}
    </Card>
  );
}
