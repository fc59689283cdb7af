// The danger dialog for DELETE /api/admin/organizations/{id}: says what is removed, and the admin
// types the organization's exact name; the button stays disabled until it matches. The shared
// Dialog (ADR 013), never window.confirm. The page keys it by organization, so each opening starts
// empty. The server checks the name again: when it refuses because the organization was renamed
// while the dialog was open (or is gone), the dialog asks the page to reload it and says so, so the
// admin can finish without reloading the page.
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { DELETE_ORGANIZATION_MISMATCH, type AdminOrganizationView } from '#domain/contracts/admin.ts';
import { MSG } from '#domain/messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { messageOf, toResult, useServerMutation, type Failure } from '../../../lib/server-data/index.ts';
import { adminApi } from '../api/admin-api.ts';

interface Props {
  org: AdminOrganizationView | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
  /** Reloads the organization list; resolves with the organization as it is now, or null when it is gone. */
  onReload: (id: string) => Promise<AdminOrganizationView | null>;
}

export function DeleteOrganizationDialog({ org, onClose, onDeleted, onReload }: Props) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const matches = !!org && typed === org.name;
  /** The name check failed or the organization is gone: reload it, so the admin sees what changed. */
  const explain = async (current: AdminOrganizationView, failure: Failure): Promise<string> => {
    const message = messageOf(failure, 'The organization could not be deleted');
    const stale = (failure.status === 400 && message === DELETE_ORGANIZATION_MISMATCH) || failure.status === 404;
    if (!stale) return message;
    try {
      const fresh = await onReload(current.id);
      if (!fresh) return MSG.organizationGoneWhileOpen;
      if (fresh.name !== current.name) {
        setTyped('');
        return MSG.organizationRenamedWhileOpen(fresh.name);
      }
    } catch {
      // The reload failed too: the server's own message still says what to do.
    }
    return message;
  };

  // Pending until a refusal is explained too (the list reloaded), so the button stays busy meanwhile.
  const deletion = useServerMutation(async ({ current, name }: { current: AdminOrganizationView; name: string }) => {
    const result = await toResult(adminApi.deleteOrganization(current.id, name));
    if (result.ok) return { deleted: true, message: result.value.files_removed ? result.value.message : `${result.value.message}. Its stored files will be removed shortly.` };
    return { deleted: false, message: await explain(current, result) };
  });
  const busy = deletion.pending;
  const confirm = async () => {
    if (!org || !matches) return;
    setError(null);
    const res = await deletion.run({ current: org, name: typed });
    if (!res.ok) setError(messageOf(res, 'The organization could not be deleted'));
    else if (res.value.deleted) onDeleted(res.value.message);
    else setError(res.value.message);
  };

  return (
    <Dialog
      open={!!org}
      onClose={onClose}
      title={org ? `Delete ${org.name}?` : ''}
      description="This permanently deletes the organization and everything it owns. It cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" icon={<Trash2 aria-hidden="true" className="size-4" />} loading={busy} disabled={!matches} onClick={() => void confirm()}>
            Delete organization
          </Button>
        </>
      }
    >
      {org && (
        <div className="space-y-3">
          {error && <Alert tone="error">{error}</Alert>}
          <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            <p className="font-medium">Deleted for good:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              <li>
                {org.member_count === 1 ? '1 member loses access and is signed out' : `${org.member_count} members lose access and are signed out`}
              </li>
              <li>
                {org.assessment_count} {org.assessment_count === 1 ? 'assessment' : 'assessments'} with answers, history, action plan and reports
              </li>
              <li>Self-certification records and every evidence file</li>
            </ul>
            <p className="mt-2">
              Members keep their sign-in accounts, but cannot use the app again unless another organization invites them. The audit log keeps a record of the deletion. Ask the organization to export its data first if it needs a copy.
            </p>
          </div>
          <Field
            label={`Type the organization's name to confirm: ${org.name}`}
            name="confirmOrganizationName"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-autofocus
          />
        </div>
      )}
    </Dialog>
  );
}
