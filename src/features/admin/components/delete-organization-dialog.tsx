// The danger dialog for DELETE /api/admin/organizations/{id}: says what is removed, and the admin
// types the organization's exact name; the button stays disabled until it matches. The shared
// Dialog (ADR 013), never window.confirm. The page keys it by organization, so each opening starts empty. The server checks the name again (400 with the message shown here).
import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { AdminOrganizationView } from '#domain/contracts/admin.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { adminApi } from '../api/admin-api.ts';

export function DeleteOrganizationDialog({ org, onClose, onDeleted }: { org: AdminOrganizationView | null; onClose: () => void; onDeleted: (message: string) => void }) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const matches = !!org && typed === org.name;
  const confirm = async () => {
    if (!org || !matches) return;
    setBusy(true);
    setError(null);
    try {
      const result = await adminApi.deleteOrganization(org.id, typed);
      onDeleted(result.files_removed ? result.message : `${result.message}. Its stored files will be removed shortly.`);
    } catch (err) {
      setError(messageOf(err, 'The organization could not be deleted'));
    } finally {
      setBusy(false);
    }
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
                {org.member_count} {org.member_count === 1 ? 'member' : 'members'} lose access and are signed out
              </li>
              <li>
                {org.assessment_count} {org.assessment_count === 1 ? 'assessment' : 'assessments'} with answers, history, action plan and reports
              </li>
              <li>Self-certification records and every evidence file</li>
            </ul>
            <p className="mt-2">The audit log keeps a record of the deletion. Ask the organization to export its data first if it needs a copy.</p>
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
