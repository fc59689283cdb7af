import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { cn } from '../../utils/cn.ts';

export type ToastTone = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}
interface ToastApi {
  notify: (message: string, tone?: ToastTone, durationMs?: number) => void;
}

const ToastContext = createContext<ToastApi>({ notify: () => {} });

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

const ICONS = { success: CheckCircle2, error: XCircle, info: Info };
const TONES: Record<ToastTone, string> = {
  success: 'border-emerald-200 text-emerald-900',
  error: 'border-red-200 text-red-900',
  info: 'border-slate-200 text-slate-900',
};

/** Transient notices, announced through an aria-live region (errors assertively). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((t) => t.id !== id)), []);
  const notify = useCallback<ToastApi['notify']>(
    (message, tone = 'success', durationMs = 5000) => {
      const id = next.current++;
      setItems((all) => [...all.slice(-3), { id, tone, message }]);
      window.setTimeout(() => dismiss(id), durationMs);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ notify }), [notify]);
  const render = (tone: 'polite' | 'assertive') => (
    <div aria-live={tone} aria-atomic="false" className="flex flex-col gap-2">
      {items
        .filter((t) => (t.tone === 'error') === (tone === 'assertive'))
        .map((t) => {
          const Icon = ICONS[t.tone];
          return (
            <div key={t.id} role={t.tone === 'error' ? 'alert' : 'status'} className={cn('pointer-events-auto flex items-start gap-3 rounded-lg border bg-white px-4 py-3 text-sm shadow-lg', TONES[t.tone])}>
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p className="flex-1">{t.message}</p>
              <button type="button" onClick={() => dismiss(t.id)} aria-label="Dismiss" className="rounded p-0.5 text-slate-500 hover:text-slate-800">
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          );
        })}
    </div>
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-60 flex flex-col items-center gap-2 p-4 sm:items-end">
        <div className="w-full max-w-sm">{render('polite')}</div>
        <div className="w-full max-w-sm">{render('assertive')}</div>
      </div>
    </ToastContext.Provider>
  );
}
