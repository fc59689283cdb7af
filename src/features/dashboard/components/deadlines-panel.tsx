// Upcoming deadlines (GET /api/deadlines): dates set by law from the questions' clocks, the suggested
// next assessment, expiring evidence, corrective actions due (paid plans) and the certification. Dated
// ones first, soonest first; standing duties (per application, yearly per award, not yet in force)
// folded below. Each is tagged with what kind of date it is (deadlineTag). Renders the saved copy
// when offline (the saved read, ADR 032).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, CalendarClock } from 'lucide-react';
import type { DeadlineView } from '#domain/contracts/cycles.ts';
import { deadlineTag, NOT_YET_IN_FORCE } from '#domain/cycles/deadlines.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useServerQuery } from '../../../lib/server-data/index.ts';
import { abortable, call, client } from '../../../lib/api-client.ts';
import { daysBetween, formatDay, utcDay } from '#domain/dates.ts';
import { formatRelative } from '../../../utils/format-time.ts';

const loadDeadlines = (signal: AbortSignal) => call(client.deadlines.$get({}, abortable(signal)));

const PANEL_SCOPE = 'Dates set by law, the suggested next assessment, expiring evidence, corrective actions and your certification.';

/** How many dated deadlines show before "Show all". */
const FIRST = 6;

/** The server's texts name days as YYYY-MM-DD: shown in the same format as every other date (formatDay: the same day wherever the reader is). */
const withDays = (text: string) => text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => formatDay(day));

/** Days from today (the UTC day, as the server counts) to `day`. */
const daysUntil = (day: string, now = new Date()) => daysBetween(utcDay(now), day);

function When({ d }: { d: DeadlineView }) {
  if (!d.due_on) return null;
  if (d.overdue) return <Badge tone="danger">Overdue</Badge>;
  const left = daysUntil(d.due_on);
  // A suggestion is never overdue: past its day it is simply past.
  if (left < 0) return <Badge tone="neutral">Date passed</Badge>;
  if (left <= 0) return <Badge tone="warning">Due today</Badge>;
  return <Badge tone={left <= 7 ? 'warning' : 'neutral'}>{left === 1 ? 'Tomorrow' : `In ${left} days`}</Badge>;
}

function DeadlineItem({ d }: { d: DeadlineView }) {
  return (
    <li className={`flex flex-col gap-2 border-l-4 py-3 pr-5 pl-4 sm:flex-row sm:items-start sm:gap-4 sm:pr-6 sm:pl-5 ${d.overdue ? 'border-red-600 bg-red-50/60' : 'border-transparent'}`}>
      <div className="shrink-0 sm:w-32">
        {d.due_on ? (
          <time dateTime={d.due_on} className={`text-sm font-semibold ${d.overdue ? 'text-red-800' : 'text-slate-900'}`}>
            {formatDay(d.due_on)}
          </time>
        ) : (
          <span className="text-sm font-semibold text-slate-700">{d.title.startsWith(NOT_YET_IN_FORCE) ? NOT_YET_IN_FORCE : 'No fixed date'}</span>
        )}
        <div className="mt-1 flex flex-wrap gap-1">
          <When d={d} />
        </div>
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-slate-900">{d.title}</p>
        <p className="text-sm break-words text-slate-600">{withDays(d.detail)}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <Badge tone="neutral">{deadlineTag(d)}</Badge>
          {d.code && <span>Question {d.code}</span>}
          {d.source && <cite className="not-italic">Source: {d.source}</cite>}
        </p>
      </div>
      {d.href && (
        <Link
          to={d.href}
          aria-label={`Open: ${d.title}`}
          className="inline-flex shrink-0 items-center gap-1 self-start rounded text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Open
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      )}
    </li>
  );
}

export function DeadlinesPanel() {
  const res = useServerQuery(['deadlines'], loadDeadlines, { offline: true });
  const [showAll, setShowAll] = useState(false);
  const all = res.data ?? [];
  const dated = all.filter((d) => d.due_on !== null);
  const standing = all.filter((d) => d.due_on === null);
  const overdue = dated.filter((d) => d.overdue).length;
  const shown = showAll ? dated : dated.slice(0, FIRST);

  return (
    <Card data-testid="deadlines-panel" aria-labelledby="deadlines-title">
      <CardHeader
        icon={<CalendarClock className="size-5" />}
        title={<span id="deadlines-title">Upcoming deadlines</span>}
        description={
          overdue > 0
            ? `${overdue} overdue. ${PANEL_SCOPE}`
            : PANEL_SCOPE
        }
      />
      {res.status === 'loading' && (
        <Spinner size="sm" label="Loading deadlines…" className="px-5 py-4 sm:px-6" />
      )}
      {res.status === 'error' && (
        <div className="px-5 py-4 sm:px-6">
          <Alert tone="error" title="Deadlines could not be loaded" action={<Button size="sm" variant="secondary" onClick={res.reload}>Retry</Button>}>
            {res.offline ? 'You are offline and this device has no saved copy yet.' : 'Please try again in a moment.'}
          </Alert>
        </div>
      )}
      {res.status === 'ready' && res.staleSince !== null && (
        <p className="border-b border-amber-200 bg-amber-50 px-5 py-2 text-xs text-amber-900 sm:px-6">
          {res.offline ? 'Offline: ' : ''}showing the copy saved on this device {formatRelative(res.staleSince)}.
        </p>
      )}
      {res.status === 'ready' && all.length === 0 && (
        <p className="px-5 py-4 text-sm text-slate-600 sm:px-6">Nothing is due. Deadlines appear here once your organization’s profile, assessments, evidence dates or actions set them.</p>
      )}
      {dated.length > 0 && (
        <ul className="divide-y divide-slate-100" aria-label="Dated deadlines">
          {shown.map((d, i) => (
            <DeadlineItem key={`${d.kind}-${d.code ?? ''}-${d.due_on}-${i}`} d={d} />
          ))}
        </ul>
      )}
      {dated.length > FIRST && (
        <div className="border-t border-slate-100 px-5 py-3 sm:px-6">
          <Button size="sm" variant="secondary" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
            {showAll ? 'Show fewer' : `Show all ${dated.length} deadlines`}
          </Button>
        </div>
      )}
      {standing.length > 0 && (
        <details className="group border-t border-slate-100">
          <summary className="cursor-pointer px-5 py-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 sm:px-6">
            Standing duties and duties not yet in force ({standing.length})
          </summary>
          <ul className="divide-y divide-slate-100 border-t border-slate-100">
            {standing.map((d, i) => (
              <DeadlineItem key={`${d.kind}-${d.code ?? ''}-${i}`} d={d} />
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}
