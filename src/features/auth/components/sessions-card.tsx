// The "Sessions" part of /account/security (ADR 042): where the account is signed in (device,
// coarse place from the IP address, last use), with "Sign out" for another session and "Sign out
// everywhere else". The current session ends with the app's own Sign out. Its own chunk, loaded
// with the page.
import { MonitorSmartphone } from 'lucide-react';
import type { AccountSessionView } from '#domain/contracts/sessions.ts';
import { SESSION_MSG } from '#domain/session-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSession } from '../../../hooks/use-session.ts';
import { appConfirm } from '../../../lib/app-dialogs.ts';
import { messageOf, useServerMutation, useServerQuery } from '../../../lib/server-data/index.ts';
import { formatDateTime } from '../../../utils/format-time.ts';
import { endOtherSessions, endSession, getSessions } from '../api/sessions.ts';

const METHOD: Record<string, string> = { password: 'password', recovery: 'password reset link', otp: 'confirmation link' };

function where(s: AccountSessionView): string {
  if (!s.ip) return s.place;
  return s.place === 'Internet' ? s.ip : `${s.place}, ${s.ip}`;
}

export function SessionsCard() {
  const { user } = useSession();
  const { notify } = useToast();
  const sessions = useServerQuery(user ? ['account', 'sessions', user.id] : null, (signal) => getSessions(signal), { offline: false });
  const afterEnd = { onSuccess: async (res: { message: string }) => (notify(res.message, 'success'), sessions.reload()) };
  const endOne = useServerMutation((s: AccountSessionView) => endSession(s.id), afterEnd);
  const endOthers = useServerMutation(() => endOtherSessions(), afterEnd);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  async function askEnd(s: AccountSessionView) {
    if (!(await appConfirm(`Sign out ${s.device} (${where(s)})? That device will need the password again.`, { title: 'Sign out this session?', confirmLabel: 'Sign out', danger: true }))) return;
    const res = await endOne.run(s);
    if (!res.ok) notify(messageOf(res, 'The session could not be ended'), 'error');
  }

  async function askEndOthers() {
    if (!(await appConfirm('Every other device and browser signed in to your account will need the password again.', { title: 'Sign out everywhere else?', confirmLabel: 'Sign out everywhere else', danger: true }))) return;
    const res = await endOthers.run(undefined);
    if (!res.ok) notify(messageOf(res, 'The sessions could not be ended'), 'error');
  }

  return (
    <Card>
      <CardHeader
        icon={<MonitorSmartphone className="size-5" />}
        title="Sessions"
        description="Where your account is signed in. Sign out any session you do not recognise, then change your password."
        actions={
          others > 0 && (
            <Button variant="secondary" loading={endOthers.pending} onClick={() => void askEndOthers()}>
              Sign out everywhere else
            </Button>
          )
        }
      />
      <CardBody>
        {sessions.status === 'loading' && <Spinner label="Loading your sessions…" />}
        {sessions.status === 'error' && (
          <Alert
            tone={sessions.offline ? 'warning' : 'error'}
            title={sessions.offline ? 'You are offline' : 'Could not load your sessions'}
            action={
              <Button size="sm" variant="secondary" onClick={() => void sessions.reload()}>
                Retry
              </Button>
            }
          >
            {sessions.offline ? 'Your sessions show once you are back online.' : messageOf(sessions.error!, SESSION_MSG.sessionsUnavailable)}
          </Alert>
        )}
        {sessions.status === 'ready' && list.length === 0 && <p className="text-sm text-slate-600">No sessions.</p>}
        {list.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your sessions">
            {list.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {s.device} {s.current && <Badge tone="success">This device</Badge>}
                  </p>
                  <p className="text-sm break-words text-slate-600">{where(s)}</p>
                  <p className="text-sm text-slate-600">
                    Last active {formatDateTime(s.last_active_at)} · signed in {formatDateTime(s.created_at)} with {METHOD[s.method] ?? s.method}
                    {s.aal === 'aal2' ? ' and a code' : ''}
                  </p>
                </div>
                {!s.current && (
                  <Button size="sm" variant="danger" aria-label={`Sign out ${s.device}, ${where(s)}`} loading={endOne.pendingFor?.id === s.id} onClick={() => void askEnd(s)}>
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
