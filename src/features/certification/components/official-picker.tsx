// For org_admins: designate the member who may sign besides the org_admins (or nobody).
import { useId, useState } from 'react';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { fullName } from '#domain/text.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf, useServerMutation, useServerQuery } from '../../../lib/server-data/index.ts';
import { getMembers, setCertifyingOfficial } from '../api/certification-api.ts';

export function OfficialPicker({ current, onSaved }: { current: { id: string; name: string } | null; onSaved: () => void }) {
  const id = useId();
  const { notify } = useToast();
  const read = useServerQuery<TeamMemberDto[]>(['certification', 'members'], getMembers, { offline: false });
  const members = read.data;
  const loadError = read.status === 'error' ? messageOf(read.error, 'The member list could not be loaded.') : null;
  const [choice, setChoice] = useState(current?.id ?? '');
  const saving = useServerMutation((official: string | null) => setCertifyingOfficial(official));
  const busy = saving.pending;
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    setFailure(null);
    const res = await saving.run(choice || null);
    if (!res.ok) return setFailure(messageOf(res, 'The certifying official could not be saved.'));
    notify(res.value.message, 'success');
    onSaved();
  };

  if (loadError) return <Alert tone="error">{loadError}</Alert>;
  const candidates = (members ?? []).filter((m) => m.role !== 'org_admin' || m.id === current?.id);
  return (
    <div className="space-y-3">
      <label htmlFor={`${id}-official`} className="block text-sm font-medium text-slate-800">
        Certifying official
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Organization admins can always sign. You may also let one team member sign, for example your research security officer.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id={`${id}-official`}
          aria-describedby={`${id}-hint`}
          className={`${inputClasses()} h-10 max-w-xs min-w-0 flex-1`}
          value={choice}
          disabled={!members}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">No certifying official</option>
          {candidates.map((m) => (
            <option key={m.id} value={m.id}>
              {fullName(m.first_name, m.last_name) || m.email}
            </option>
          ))}
        </select>
        <Button variant="secondary" loading={busy} disabled={!members || choice === (current?.id ?? '')} onClick={() => void save()}>
          Save
        </Button>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
    </div>
  );
}
