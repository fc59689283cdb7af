// Pieces shared by the self-certification page and the public verify page.
import type { ReactNode } from 'react';
import { CheckCircle2, Clock3, History } from 'lucide-react';
import type { CertificationStatus } from '#domain/contracts/cycles.ts';
import { SUPERSEDED_EXPLAINED } from '#domain/certification/certification.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { cn } from '../../../utils/cn.ts';
import { formatDate } from '#domain/dates.ts';

const STATUS: Record<CertificationStatus, { label: string; tone: BadgeTone; Icon: typeof CheckCircle2 }> = {
  current: { label: 'Current', tone: 'success', Icon: CheckCircle2 },
  superseded: { label: 'Superseded', tone: 'neutral', Icon: History },
  expired: { label: 'Expired', tone: 'warning', Icon: Clock3 },
};

/** What each status means, as a sentence that starts with the status itself ("Superseded: …"). */
export const STATUS_EXPLAINED: Record<CertificationStatus, string> = {
  current: 'Current: this is the organization’s newest record, it has not expired, and no later assessment replaces it.',
  superseded: SUPERSEDED_EXPLAINED,
  expired: 'Expired: more than 12 months have passed since it was signed.',
};

/** The status sentence with its leading status word in bold. */
export function StatusExplained({ status }: { status: CertificationStatus }) {
  const text = STATUS_EXPLAINED[status];
  const colon = text.indexOf(':');
  return (
    <>
      <span className="font-semibold">{text.slice(0, colon + 1)}</span>
      {text.slice(colon + 1)}
    </>
  );
}

export function StatusBadge({ status }: { status: CertificationStatus }) {
  const { label, tone, Icon } = STATUS[status];
  return (
    <Badge tone={tone} icon={<Icon aria-hidden="true" className="size-3.5" />}>
      {label}
    </Badge>
  );
}

/**
 * One dt/dd pair of a definition list, wrapped in exactly one div directly inside the <dl> (the
 * grouping HTML allows, and axe-core's "definition-list" and "dlitem" rules check); `className`
 * goes on that div (grid spans). Values wrap anywhere: hashes and codes must not scroll sideways at 320 px.
 */
export function Fact({ label, children, mono, className }: { label: string; children: ReactNode; mono?: boolean; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className={mono ? 'mt-1 font-mono text-xs break-all text-slate-800' : 'mt-1 text-sm break-words text-slate-900'}>{children}</dd>
    </div>
  );
}

/** When the record expires, or "Superseded" for a superseded record (its expiry no longer means anything). */
export function ExpiryFact({ status, expiresAt }: { status: CertificationStatus; expiresAt: string }) {
  if (status === 'superseded') return <Fact label="Status">Superseded</Fact>;
  return <Fact label={status === 'expired' ? 'Record expired' : 'Record expires'}>{formatDate(expiresAt)}</Fact>;
}
