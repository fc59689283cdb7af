// Questions a teammate deferred to me in the assessment in progress (pulled deferrals in Dexie).
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, UserRoundCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { useServerQuery } from '../../../lib/server-data/index.ts';
import { abortable, call, client } from '../../../lib/api-client.ts';
import { useAnswers, useDeferrals } from '../../../sync/react/hooks.ts';
import { useSyncRuntime } from '../../../sync/react/runtime-context.ts';

const loadQuestions = (assessmentId: string, signal: AbortSignal) =>
  call(client.questions.$get({ query: { assessmentId } }, abortable(signal)));

export function AssignedToMe({ assessmentId, userId }: { assessmentId: string; userId: string }) {
  const runtime = useSyncRuntime();
  useEffect(() => {
    if (runtime) void runtime.engine.pull(assessmentId);
  }, [runtime, assessmentId]);
  const deferrals = useDeferrals(assessmentId).filter((d) => d.deferredTo === userId && d.status === 'open');
  const answers = useAnswers(assessmentId);
  const load = useCallback((signal: AbortSignal) => loadQuestions(assessmentId, signal), [assessmentId]);
  const questions = useServerQuery(deferrals.length ? ['assigned', assessmentId] : null, load, { offline: true });

  const open = deferrals.filter((d) => !answers[d.questionId]);
  if (open.length === 0) return null;
  const byId = new Map((questions.data ?? []).map((q) => [q.id, q]));
  return (
    <Card data-testid="assigned-to-me">
      <CardHeader icon={<UserRoundCheck className="size-5" />} title="Assigned to me" description="Questions a teammate handed to you in the assessment in progress." />
      <ul className="divide-y divide-slate-100">
        {open.map((d) => {
          const q = byId.get(d.questionId);
          return (
            <li key={d.id} className="flex flex-wrap items-center gap-3 px-5 py-3 sm:px-6">
              {q && <Badge tone="neutral">{q.code}</Badge>}
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm text-slate-900">{q?.question_text ?? 'A question in the current assessment'}</p>
                <p className="text-xs text-slate-500">
                  {q?.domain_name}
                  {d.deferredByName ? ` · from ${d.deferredByName}` : ''}
                </p>
              </div>
              <Link
                to={`${paths.assessment.href(assessmentId)}?q=${encodeURIComponent(d.questionId)}`}
                className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-900"
              >
                Answer
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
