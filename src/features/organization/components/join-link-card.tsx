// The join link (/signup?org=<id>&key=<key>) and its rules (ADR 003): on/off, copy, rotate (old
// links stop working), and the e-mail domains whose verified addresses join without approval.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Check, Copy, Link2, RefreshCw } from 'lucide-react';
import { allowedEmailDomainsSchema, MAX_ALLOWED_DOMAINS, type JoinLinkDto } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { rotateJoinLink, updateJoinLink } from '../api/organization-api.ts';

/** The copied-link notice shows for 2 s. */
export const COPIED_NOTICE_MS = 2000;

const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

export function JoinLinkCard({ organizationId, joinLink, onChanged }: { organizationId: string; joinLink: JoinLinkDto; onChanged: () => Promise<void> }) {
  const { notify } = useToast();
  const [settings, setSettings] = useState(joinLink);
  // A newer link from the page (a removal renews it; a rotation reloads the page's data so the
  // cancelled requests leave the list): taken over while rendering, so the card stays mounted and
  // keyboard focus stays where it was (https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes).
  const [shown, setShown] = useState(joinLink);
  if (joinLink !== shown) {
    setShown(joinLink);
    setSettings(joinLink);
  }
  const [copied, setCopied] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [domains, setDomains] = useState(joinLink.allowedEmailDomains.join(', '));
  const [domainError, setDomainError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const enabled = settings.joinByLinkEnabled;
  const link = `${window.location.origin}${paths.signup.href(organizationId, settings.joinKey)}`;

  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    return () => window.clearTimeout(t);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      input.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
  }

  type Change = { kind: 'toggle' | 'rotate' | 'domains'; action: () => Promise<{ message: string; joinLink: JoinLinkDto }>; success: string | null };
  const change = useServerMutation((c: Change) => c.action(), {
    onSuccess: async (res, c) => {
      setSettings(res.joinLink);
      // The domains the server saved (lower-cased, deduplicated) are on screen before the success
      // notice; a toggle or a new link leaves unsaved typing in the domains field alone.
      if (c.kind === 'domains') setDomains(res.joinLink.allowedEmailDomains.join(', '));
      // The confirmation closes before the notice shows: the new link is what the page then shows.
      if (c.kind === 'rotate') setConfirmRotate(false);
      notify(c.success ?? res.message, 'success');
      await onChanged();
    },
  });
  const busy = change.pendingFor?.kind ?? null;

  /** `success` null: the server's own message (a new link says how many requests it cancelled). */
  async function run(kind: Change['kind'], action: Change['action'], success: string | null, failure: string) {
    const res = await change.run({ kind, action, success });
    if (!res.ok) notify(messageOf(res, failure), 'error');
    return res.ok;
  }

  const toggle = (next: boolean) =>
    void run('toggle', () => updateJoinLink({ joinByLinkEnabled: next }), next ? 'Joining by link is on' : 'Joining by link is off', 'Failed to update the join link setting');

  const rotate = () => run('rotate', rotateJoinLink, null, 'Failed to create a new join link');

  async function saveDomains(e: FormEvent) {
    e.preventDefault();
    const parsed = allowedEmailDomainsSchema.safeParse(splitDomains(domains));
    if (!parsed.success) return setDomainError(parsed.error.issues[0]?.message ?? 'Invalid domain');
    setDomainError(null);
    await run('domains', () => updateJoinLink({ allowedEmailDomains: parsed.data }), 'Allowed e-mail domains saved', 'Failed to save the allowed domains');
  }

  return (
    <Card>
      <CardHeader
        icon={<Link2 className="size-5" />}
        title="Join link"
        description="People who open this link ask to join your organization as team members. You approve or decline each request below."
      />
      <CardBody className="space-y-5">
        <Switch
          checked={enabled}
          disabled={busy !== null}
          onChange={toggle}
          label="Joining by link"
          description={enabled ? 'The link below works.' : 'The link is switched off; only e-mail invitations work.'}
        />
        <div className="flex min-w-0 flex-col gap-3 sm:flex-row">
          <label className="sr-only" htmlFor="invite-link">
            Join link
          </label>
          <Input id="invite-link" ref={input} readOnly value={link} disabled={!enabled} className="min-w-0 flex-1 font-mono text-xs" onFocus={(e) => e.target.select()} />
          <Button
            variant="secondary"
            onClick={() => void copy()}
            disabled={!enabled}
            icon={copied ? <Check aria-hidden="true" className="size-4 text-emerald-700" /> : <Copy aria-hidden="true" className="size-4" />}
          >
            {copied ? MSG.linkCopied : 'Copy link'}
          </Button>
        </div>
        <p aria-live="polite" className="sr-only">
          {copied ? MSG.linkCopied : ''}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <p className="min-w-0 flex-1 text-sm text-slate-600">Shared the link too widely? A new link stops every older one from working. Removing a member renews the link too.</p>
          <Button variant="secondary" onClick={() => setConfirmRotate(true)} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
            New link
          </Button>
        </div>
        <form onSubmit={(e) => void saveDomains(e)} noValidate className="space-y-3 border-t border-slate-100 pt-4">
          <Field
            label="Allowed e-mail domains"
            optional
            name="allowedDomains"
            autoComplete="off"
            placeholder="university.edu, lab.university.edu"
            hint={`People with a verified address on one of these domains join at once, without a request. Up to ${MAX_ALLOWED_DOMAINS}, separated by commas.`}
            value={domains}
            error={domainError}
            onChange={(e) => setDomains(e.target.value)}
          />
          <Button type="submit" variant="secondary" loading={busy === 'domains'}>
            Save domains
          </Button>
        </form>
      </CardBody>
      <Dialog
        open={confirmRotate}
        onClose={() => setConfirmRotate(false)}
        title="Create a new join link?"
        description={MSG.joinLinkRotateConfirm}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmRotate(false)}>
              Cancel
            </Button>
            <Button data-autofocus loading={busy === 'rotate'} onClick={() => void rotate()}>
              Create new link
            </Button>
          </>
        }
      />
    </Card>
  );
}
