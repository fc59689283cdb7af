// Pieces shared by the self-certification page and the public verify page.
import type { ReactNode } from 'react';
import { CheckCircle2, Clock3, History } from 'lucide-react';
import type { CertificationStatus } from '#domain/contracts/cycles.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const STATUS: Record<CertificationStatus, { label: string; tone: BadgeTone; Icon: typeof CheckCircle2 }> = {
  current: { label: 'Current', tone: 'success', Icon: CheckCircle2 },
  superseded: { label: 'Superseded', tone: 'neutral', Icon: History },
  expired: { label: 'Expired', tone: 'warning', Icon: Clock3 },
};

/** What each status means, for the line next to the badge. */
export const STATUS_EXPLAINED: Record<CertificationStatus, string> = {
  current: 'This is the organization’s newest record and it has not expired.',
  superseded: 'The organization signed a newer record since; this one is kept in its history.',
  expired: 'More than 12 months have passed since it was signed.',
};

export function StatusBadge({ status }: { status: CertificationStatus }) {
  const { label, tone, Icon } = STATUS[status];
  return (
    <Badge tone={tone} icon={<Icon aria-hidden="true" className="size-3.5" />}>
      {label}
    </Badge>
  );
}

/** A definition list row; values wrap anywhere (hashes and codes must not scroll sideways at 320 px). */
export function Fact({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={mono ? 'mt-1 font-mono text-xs break-all text-slate-800' : 'mt-1 text-sm break-words text-slate-900'}>{children}</dd>
    </div>
  );
}
