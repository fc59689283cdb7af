// The one quiet place that shows sync state: offline, "N changes not synced", "Last synced …",
// and errors with their one action. It only displays the runtime the app started (ADR 017).
import { useEffect, useState } from 'react';
import { AlertTriangle, CheckCircle2, CloudOff, KeyRound, Loader2, RefreshCw } from 'lucide-react';
import { useSyncStatus } from '../../sync/react/hooks.ts';
import { useSyncRuntime } from '../../sync/react/runtime-context.ts';
import { useSession } from '../../hooks/use-session.ts';
import { cn } from '../../utils/cn.ts';
import { formatRelative, plural } from '../../utils/format-time.ts';

function useTick(ms: number) {
  const [, setN] = useState(0);
  useEffect(() => {
    const t = window.setInterval(() => setN((n) => n + 1), ms);
    return () => window.clearInterval(t);
  }, [ms]);
}

/** Below 480 px the pill shows its icon only (the header must keep its menu on screen); the words stay for screen readers. */
const label = 'max-[479px]:sr-only';
const pill = 'relative inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap';

export function SyncStatus() {
  const s = useSyncStatus();
  const runtime = useSyncRuntime();
  const { signOut } = useSession();
  useTick(30_000);
  const unsent = s.pendingCount > 0 ? plural(s.pendingCount, 'change') + ' not synced' : null;
  let body;
  if (s.storageProblem === 'storage_full')
    body = (
      <span className={cn(pill, 'bg-red-50 text-red-800')}>
        <AlertTriangle aria-hidden="true" className="size-3.5" /> <span className={label}>Storage full: free some space</span>
      </span>
    );
  else if (s.phase === 'auth_required')
    body = (
      <button type="button" onClick={() => void signOut()} className={cn(pill, 'bg-amber-50 text-amber-900 hover:bg-amber-100')}>
        <KeyRound aria-hidden="true" className="size-3.5" /> <span className={label}>Sign in to sync</span>
      </button>
    );
  else if (!s.online)
    body = (
      <span className={cn(pill, 'bg-amber-50 text-amber-900')} data-testid="sync-offline">
        <CloudOff aria-hidden="true" className="size-3.5" /> <span className={label}>Offline{unsent ? ` · ${unsent}` : ''}</span>
      </span>
    );
  else if (s.phase === 'error')
    body = (
      <button type="button" onClick={() => void runtime?.engine.drainNow()} className={cn(pill, 'bg-red-50 text-red-800 hover:bg-red-100')} title={s.lastError?.message}>
        <RefreshCw aria-hidden="true" className="size-3.5" /> <span className={label}>Sync failed · Retry</span>
      </button>
    );
  else if (s.phase === 'pushing' || s.phase === 'pulling' || unsent)
    body = (
      <span className={cn(pill, 'bg-slate-100 text-slate-700')}>
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" /> <span className={label}>{unsent ?? 'Syncing…'}</span>
      </span>
    );
  else
    body = (
      <span className={cn(pill, 'text-slate-600')} title={s.lastSyncedAt ? new Date(s.lastSyncedAt).toLocaleString() : undefined}>
        <CheckCircle2 aria-hidden="true" className="size-3.5 text-emerald-600" />
        <span className={s.lastSyncedAt ? 'hidden sm:inline' : 'sr-only'}>{s.lastSyncedAt ? `Last synced ${formatRelative(s.lastSyncedAt)}` : 'All changes synced'}</span>
      </span>
    );
  return (
    <div role="status" aria-live="polite" data-testid="sync-status">
      {body}
    </div>
  );
}
