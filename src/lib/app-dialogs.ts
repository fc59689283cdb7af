// The app's own alert and confirm (never window.alert / window.confirm: those block the page, cannot
// be styled or announced consistently, and some embedded browsers suppress them). Callable from
// hooks and plain functions; <AppDialogHost /> (src/components/ui/app-dialog-host.tsx, mounted once
// by the app provider) renders them with the shared Dialog, so focus moves in, is trapped and
// returns to where it was.

export interface PendingDialog {
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
  confirmLabel: string;
  danger: boolean;
  resolve: (ok: boolean) => void;
}

let queue: PendingDialog[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const fn of listeners) fn();
};

function open(p: Omit<PendingDialog, 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { ...p, resolve }];
    emit();
  });
}

/** Closes the dialog on screen with the user's answer. */
export function settleDialog(ok: boolean): void {
  const [head, ...rest] = queue;
  if (!head) return;
  queue = rest;
  emit();
  head.resolve(ok);
}

/** Shows `message` in the app's alert dialog; resolves when it is dismissed. */
export function appAlert(message: string, title = 'Something needs your attention'): Promise<void> {
  return open({ kind: 'alert', title, message, confirmLabel: 'OK', danger: false }).then(() => undefined);
}

/** Asks `message` in the app's confirm dialog; resolves true only when the user confirms. */
export function appConfirm(message: string, opts: { title?: string; confirmLabel?: string; danger?: boolean } = {}): Promise<boolean> {
  return open({ kind: 'confirm', title: opts.title ?? 'Please confirm', message, confirmLabel: opts.confirmLabel ?? 'Confirm', danger: opts.danger ?? false });
}

/** For useSyncExternalStore: the dialog to show now (first in line). */
export function currentDialog(): PendingDialog | null {
  return queue[0] ?? null;
}

export function subscribeDialogs(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
