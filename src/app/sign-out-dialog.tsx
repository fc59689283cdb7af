// The warning before a sign-out that would leave changes unsent (ADR 007, "Sign-out").
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { plural } from '../utils/format-time.ts';
import type { UnsentWork } from './sign-out.ts';

export type SignOutChoice = 'stay' | 'keep' | 'discard';

export function unsentSummary(work: UnsentWork): string {
  const parts = [work.rows ? plural(work.rows, 'change') : null, work.files ? plural(work.files, 'file') : null].filter(Boolean);
  return `${parts.join(' and ')} ${work.rows + work.files === 1 ? 'has' : 'have'} not been sent yet.`;
}

export function SignOutDialog({ work, offline, busy, onChoose }: { work: UnsentWork | null; offline: boolean; busy: boolean; onChoose: (choice: SignOutChoice) => void }) {
  return (
    <Dialog
      open={!!work}
      onClose={() => onChoose('stay')}
      title="Sign out with unsent changes?"
      description={work ? unsentSummary(work) : undefined}
      footer={
        <>
          <Button variant="ghost" disabled={busy} onClick={() => onChoose('discard')}>
            Sign out and discard
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onChoose('keep')}>
            Sign out and keep them
          </Button>
          <Button data-autofocus disabled={busy} onClick={() => onChoose('stay')}>
            Stay signed in and send
          </Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-slate-700" data-testid="sign-out-warning">
        {offline && <p>You are offline: stay signed in and they are sent when you are back online.</p>}
        <p>
          <strong>Sign out and keep them</strong> leaves these changes on this device, sent when you next sign in here; no one else can see or send them. <strong>Sign out and discard</strong> deletes them.
        </p>
      </div>
    </Dialog>
  );
}
