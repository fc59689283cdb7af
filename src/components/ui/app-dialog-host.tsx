// Renders the app's alert and confirm (src/lib/app-dialogs.ts) with the shared Dialog.
import { useSyncExternalStore } from 'react';
import { currentDialog, settleDialog, subscribeDialogs } from '../../lib/app-dialogs.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export function AppDialogHost() {
  const current = useSyncExternalStore(subscribeDialogs, currentDialog);
  if (!current) return null;
  return (
    <Dialog
      open
      onClose={() => settleDialog(false)}
      title={current.title}
      footer={
        current.kind === 'confirm' ? (
          <>
            <Button variant="secondary" onClick={() => settleDialog(false)}>
              Cancel
            </Button>
            <Button variant={current.danger ? 'danger' : 'primary'} onClick={() => settleDialog(true)} data-autofocus>
              {current.confirmLabel}
            </Button>
          </>
        ) : (
          <Button onClick={() => settleDialog(true)} data-autofocus>
            OK
          </Button>
        )
      }
    >
      <p role={current.kind === 'alert' ? 'alert' : undefined} className="text-sm text-slate-700" data-testid="app-dialog-message">
        {current.message}
      </p>
    </Dialog>
  );
}
