import { useState, type FormEvent } from 'react';
import { Building2 } from 'lucide-react';
import { updateOrganizationSchema } from '#domain/contracts/accounts.ts';
import { MSG } from '#domain/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { updateOrganization } from '../api/organization-api.ts';

export function OrganizationNameCard({ name, canEdit, onSaved }: { name: string; canEdit: boolean; onSaved: () => Promise<void> }) {
  const { notify } = useToast();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const save = useServerMutation((newName: string) => updateOrganization({ name: newName }), {
    onSuccess: async (_, newName) => {
      notify(MSG.orgNameUpdated, 'success');
      setValue(newName);
      await onSaved();
    },
  });
  const busy = save.pending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = value.trim();
    // The API's own rule (empty, too long, control or invisible characters, a web address), shown by the field.
    const check = updateOrganizationSchema.safeParse({ name: value });
    if (!check.success) return setError(check.error.issues[0]?.message ?? MSG.orgNameEmpty);
    setError(null);
    const res = await save.run(trimmed);
    if (res.ok) return;
    if (res.status === 400) setError(messageOf(res, MSG.updateOrgNameFailed));
    else notify(messageOf(res, MSG.updateOrgNameFailed), 'error');
  }

  return (
    <Card>
      <CardHeader icon={<Building2 className="size-5" />} title="Organization details" description={canEdit ? 'The name appears on assessments and reports.' : undefined} />
      <CardBody>
        {canEdit ? (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <Field className="flex-1" label="Organization name" name="organizationName" value={value} error={error} onChange={(e) => setValue(e.target.value)} />
            <Button type="submit" loading={busy} disabled={value.trim() === name} className="sm:mt-7">
              Save
            </Button>
          </form>
        ) : (
          <dl>
            <dt className="text-sm text-slate-500">Organization name</dt>
            <dd className="mt-1 text-base font-medium text-slate-900">{name}</dd>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}
