import { AlertTriangle, CheckCircle2, CircleDashed, Loader2, XCircle } from 'lucide-react';
import type { AnswerSyncState } from '../../../../sync/index.ts';
import { cn } from '../../../../utils/cn.ts';

const MARKS: Record<AnswerSyncState, { label: string; Icon: typeof CheckCircle2; tone: string; spin?: boolean }> = {
  synced: { label: 'Synced', Icon: CheckCircle2, tone: 'text-emerald-700' },
  pending: { label: 'Saved on this device', Icon: CircleDashed, tone: 'text-amber-700' },
  sending: { label: 'Sending…', Icon: Loader2, tone: 'text-slate-600', spin: true },
  conflict: { label: 'Conflict', Icon: AlertTriangle, tone: 'text-red-700' },
  rejected: { label: 'Not accepted', Icon: XCircle, tone: 'text-red-700' },
};

/** The small per-question sync mark: icon plus words, never colour alone. */
export function SyncMark({ state, detail, onClick, compact }: { state: AnswerSyncState; detail?: string; onClick?: () => void; compact?: boolean }) {
  const { label, Icon, tone, spin } = MARKS[state];
  const content = (
    <>
      <Icon aria-hidden="true" className={cn('size-4 shrink-0', spin && 'animate-spin')} />
      <span className={compact ? 'sr-only' : undefined}>{label}</span>
    </>
  );
  const cls = cn('inline-flex items-center gap-1.5 text-xs font-medium', tone);
  if (onClick)
    return (
      <button type="button" onClick={onClick} className={cn(cls, 'rounded underline underline-offset-2 hover:no-underline')} title={detail} data-sync-state={state}>
        {content}
        {!compact && <span>· Resolve</span>}
      </button>
    );
  return (
    <span className={cls} title={detail ?? label} data-sync-state={state} data-testid="sync-mark">
      {content}
      {detail && !compact && <span className="font-normal text-slate-600">{detail}</span>}
    </span>
  );
}
