// For org_admins: designate the member who may sign besides the org_admins (or nobody).
import { useEffect, useId, useState } from 'react';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { fullName } from '#domain/text.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { getMembers, setCertifyingOfficial } from '../api/certification-api.ts';

export function OfficialPicker({ current, onSaved }: { current: { id: string; name: string } | null; onSaved: () => void }) {
  const id = useId();
  const { notify } = useToast();
  const [members, setMembers] = useState<TeamMemberDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [choice, setChoice] = useState(current?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    getMembers(ctrl.signal).then(
      (list) => !ctrl.signal.aborted && setMembers(list),
      (err: unknown) => !ctrl.signal.aborted && setLoadError(messageOf(err, 'The member list could not be loaded.')),
    );
    return () => ctrl.abort();
  }, []);

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const res = await setCertifyingOfficial(choice || null);
      notify(res.message, 'success');
      onSaved();
    } catch (err) {
      setFailure(messageOf(err, 'The certifying official could not be saved.'));
    } finally {
      setBusy(false);
    }
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
