import { useId, useState } from 'react';
import type { TeamMemberDto } from '#domain/contracts/accounts.ts';
import { memberRoleLabel } from '#domain/roles.ts';
import { fullName } from '#domain/text.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { cn } from '../../../../utils/cn.ts';

const nameOf = (m: TeamMemberDto) => fullName(m.first_name, m.last_name) || m.email;

/** Lists the other users of the organization; the chosen one gets the question. */
export function DeferDialog({ open, members, currentHolder, onDefer, onClose }: { open: boolean; members: readonly TeamMemberDto[]; currentHolder: string | null; onDefer: (m: TeamMemberDto) => void; onClose: () => void }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const group = useId();
  const pick = members.find((m) => m.id === chosen) ?? null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Defer this question"
      description="Hand this question to a teammate who knows the answer. It will show as assigned to them."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!pick} onClick={() => pick && onDefer(pick)}>
            Defer to {pick ? nameOf(pick) : 'teammate'}
          </Button>
        </>
      }
    >
      <fieldset>
        <legend className="sr-only">Team member</legend>
        <ul className="max-h-72 space-y-2 overflow-y-auto">
          {members.map((m) => (
            <li key={m.id}>
              <label
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm',
                  chosen === m.id ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <input type="radio" name={group} value={m.id} checked={chosen === m.id} onChange={() => setChosen(m.id)} className="size-4 accent-brand-700" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-slate-900">{nameOf(m)}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {m.email} · {memberRoleLabel(m.role)}
                  </span>
                </span>
                {currentHolder === m.id && <span className="text-xs text-slate-500">Holds it now</span>}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </Dialog>
  );
}
