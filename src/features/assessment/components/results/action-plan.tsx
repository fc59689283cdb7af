import type { CorrectiveActionView } from '#domain/contracts/assessments.ts';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import type { ActionPlanItem } from '#domain/contracts/cycles.ts';
import { ActionItem } from '../../../../components/corrective-action/action-item.tsx';
import { Card, CardHeader } from '../../../../components/ui/card.tsx';
import { plural } from '../../../../utils/format-time.ts';

/**
 * The assessment's corrective action plan: one editable item per gap (owner, status, notes saved via
 * PATCH), an action carried from an earlier assessment saying so, a closed one with its note.
 */
export function ActionPlan({
  assessmentId,
  actions,
  members,
  onSaved,
}: {
  assessmentId: string;
  actions: readonly CorrectiveActionView[];
  members: readonly TeamMemberDto[];
  onSaved?: (action: ActionPlanItem) => void;
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
          <ActionItem key={a.id} inAssessment={assessmentId} action={a} members={members} onSaved={onSaved} />
        ))}
      </ol>
    </Card>
  );
}
