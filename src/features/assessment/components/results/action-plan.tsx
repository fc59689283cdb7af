import type { CorrectiveActionView } from '#domain/contracts/assessments.ts';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { Card, CardHeader } from '../../../../components/ui/card.tsx';
import { plural } from '../../../../utils/format-time.ts';
import { ActionItem } from './action-item.tsx';

/** The corrective action plan: one editable item per gap (owner, status, notes saved via PATCH). */
export function ActionPlan({
  assessmentId,
  actions,
  members,
  onSaved,
}: {
  assessmentId: string;
  actions: readonly CorrectiveActionView[];
  members: readonly TeamMemberDto[];
  onSaved?: (action: CorrectiveActionView) => void;
}) {
  const done = actions.filter((a) => a.status === 'done').length;
  return (
    <Card>
      <CardHeader
        title="Corrective action plan"
        description={actions.length === 0 ? 'Nothing to correct.' : `${plural(actions.length, 'action')}, ${done} done. Assign an owner and track each one to closure.`}
      />
      <ol className="divide-y divide-slate-100">
        {actions.map((a) => (
          <ActionItem key={a.id} assessmentId={assessmentId} action={a} members={members} onSaved={onSaved} />
        ))}
      </ol>
    </Card>
  );
}
