// /admin/sso-domains (ADR 043): e-mail domains organizations claimed for single sign-on. A claim
// routes nobody until a system admin approves it here; an approved domain belongs to one
// organization (the server answers 409 for a second). Approving and withdrawing are audited.
import type { AdminSsoDomainDto } from '#domain/contracts/sso.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardHeader } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { abortable, call, client } from '../../lib/api-client.ts';
import { messageOf, useServerMutation, useServerQuery } from '../../lib/server-data/index.ts';

const domains = client.admin['sso-domains'];

export function AdminSsoDomainsPage() {
  const { notify } = useToast();
  const list = useServerQuery(['admin', 'sso-domains'], (s) => call(domains.$get({}, abortable(s))), { offline: false });
  const decide = useServerMutation(({ id, status }: { id: string; status: 'approved' | 'pending' }) => call(domains[':id'].$put({ param: { id }, json: { status } })));

  async function onDecide(d: AdminSsoDomainDto, status: 'approved' | 'pending') {
    const res = await decide.run({ id: d.id, status });
    notify(res.ok ? (status === 'approved' ? `${d.domain} now signs in through ${d.organizationName}’s identity provider.` : `${d.domain} no longer routes anyone.`) : messageOf(res, 'The change could not be saved'), res.ok ? 'success' : 'error');
    await list.reload();
  }

  return (
    <Card>
      <CardHeader title="Single sign-on domains" description="Approve a domain only when the organization really owns it: its identity provider then signs in everyone with an address there." />
      {list.status === 'loading' && <PageSpinner label="Loading domains…" />}
      {list.status === 'error' && (
        <Alert tone="error" className="m-4" action={<Button size="sm" variant="secondary" onClick={() => void list.reload()}>Retry</Button>}>
          {list.error?.message ?? 'The domains could not be loaded.'}
        </Alert>
      )}
      {list.data && list.data.length === 0 && <EmptyState title="No domains claimed" description="Organizations add domains in their single sign-on settings." />}
      {list.data && list.data.length > 0 && (
        <Table>
          <THead>
            <Tr>
              <Th>Domain</Th>
              <Th>Organization</Th>
              <Th>Identity provider</Th>
              <Th>Status</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {list.data.map((d) => (
              <Tr key={d.id}>
                <Td className="font-medium">{d.domain}</Td>
                <Td>{d.organizationName}</Td>
                <Td className="break-all">
                  {d.providerKind === 'saml' ? 'SAML' : 'OIDC'}: {d.providerEntityId}
                </Td>
                <Td>
                  <Badge tone={d.status === 'approved' ? 'success' : 'warning'}>{d.status === 'approved' ? 'Approved' : 'Waiting'}</Badge>
                </Td>
                <Td>
                  {d.status === 'approved' ? (
                    <Button size="sm" variant="secondary" disabled={decide.pending} aria-label={`Withdraw approval of ${d.domain}`} onClick={() => void onDecide(d, 'pending')}>
                      Withdraw
                    </Button>
                  ) : (
                    <Button size="sm" disabled={decide.pending} aria-label={`Approve ${d.domain} for ${d.organizationName}`} onClick={() => void onDecide(d, 'approved')}>
                      Approve
                    </Button>
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
