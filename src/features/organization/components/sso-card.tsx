// Single sign-on settings of the organization (ADR 043), for its org_admins: identity providers
// (a SAML IdP's metadata file, or an OpenID Connect issuer and client), the e-mail domains they
// answer for (each waits for a system admin's approval), what a first sign-in makes, and "SSO
// only". A lazy chunk of the Organization page: loaded only for org_admins.
import { useState, type FormEvent } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { SSO_METADATA_MAX_BYTES, SSO_MSG, type NewSsoProviderInput, type SsoConfigDto, type SsoSettingsInput } from '#domain/contracts/sso.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { abortable, call, client } from '../../../lib/api-client.ts';
import { messageOf, useServerMutation, useServerQuery } from '../../../lib/server-data/index.ts';

const sso = client.organization.sso;
const api = {
  get: (signal?: AbortSignal) => call(sso.$get({}, abortable(signal))),
  addProvider: (input: NewSsoProviderInput) => call(sso.providers.$post({ json: input })),
  removeProvider: (id: string) => call(sso.providers[':id'].$delete({ param: { id } })),
  addDomain: (domain: string, providerId: string) => call(sso.domains.$post({ json: { domain, providerId } })),
  removeDomain: (id: string) => call(sso.domains[':id'].$delete({ param: { id } })),
  settings: (input: SsoSettingsInput) => call(sso.settings.$put({ json: input })),
};

type Kind = 'saml' | 'oidc';

function ProviderForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const { notify } = useToast();
  const [kind, setKind] = useState<Kind>('saml');
  const [xml, setXml] = useState<string | null>(null);
  const [oidc, setOidc] = useState({ issuer: '', clientId: '', clientSecret: '' });
  const [error, setError] = useState<string | null>(null);
  const add = useServerMutation((input: NewSsoProviderInput) => api.addProvider(input));

  async function onFile(file: File | undefined) {
    setError(null);
    setXml(null);
    if (!file) return;
    if (file.size > SSO_METADATA_MAX_BYTES) {
      setError(SSO_MSG.metadataTooLarge);
      return;
    }
    setXml(await file.text());
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (kind === 'saml' && !xml) {
      setError(SSO_MSG.metadataInvalid);
      return;
    }
    const input: NewSsoProviderInput =
      kind === 'saml' ? { kind, metadataXml: xml ?? '' } : { kind, issuer: oidc.issuer.trim(), clientId: oidc.clientId.trim(), ...(oidc.clientSecret ? { clientSecret: oidc.clientSecret } : {}) };
    const res = await add.run(input);
    if (!res.ok) {
      setError(messageOf(res, SSO_MSG.bodyInvalid));
      return;
    }
    notify('Identity provider added.', 'success');
    setXml(null);
    setOidc({ issuer: '', clientId: '', clientSecret: '' });
    await onAdded();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-slate-200 p-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Add an identity provider</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm">
          {(['saml', 'oidc'] as const).map((k) => (
            <label key={k} className="flex items-center gap-2">
              <input type="radio" name="sso-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {k === 'saml' ? 'SAML 2.0 (metadata file)' : 'OpenID Connect'}
            </label>
          ))}
        </div>
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
      {kind === 'saml' ? (
        <div>
          <label htmlFor="sso-metadata" className="block text-sm font-medium text-slate-900">
            Identity provider metadata (XML)
          </label>
          <input id="sso-metadata" type="file" accept=".xml,application/xml,text/xml,application/samlmetadata+xml" className="mt-1 block w-full text-sm" onChange={(e) => void onFile(e.target.files?.[0])} />
        </div>
      ) : (
        <>
          <Field label="Issuer" name="sso-issuer" placeholder="https://login.university.edu" value={oidc.issuer} onChange={(e) => setOidc({ ...oidc, issuer: e.target.value })} />
          <Field label="Client ID" name="sso-client-id" value={oidc.clientId} onChange={(e) => setOidc({ ...oidc, clientId: e.target.value })} />
          <Field label="Client secret" name="sso-client-secret" type="password" autoComplete="off" optional value={oidc.clientSecret} onChange={(e) => setOidc({ ...oidc, clientSecret: e.target.value })} />
        </>
      )}
      <Button type="submit" variant="secondary" loading={add.pending}>
        Add identity provider
      </Button>
    </form>
  );
}

function DomainForm({ config, onAdded }: { config: SsoConfigDto; onAdded: () => Promise<void> }) {
  const { notify } = useToast();
  const [domain, setDomain] = useState('');
  const [providerId, setProviderId] = useState(config.providers[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const add = useServerMutation(({ d, p }: { d: string; p: string }) => api.addDomain(d, p));
  if (config.providers.length === 0) return null;
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const res = await add.run({ d: domain.trim(), p: providerId || config.providers[0]!.id });
    if (!res.ok) {
      setError(messageOf(res, SSO_MSG.domainInvalid));
      return;
    }
    notify('Domain added. A system administrator approves it before anyone signs in with it.', 'success');
    setDomain('');
    await onAdded();
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {error && <Alert tone="error">{error}</Alert>}
      <Field label="E-mail domain" name="sso-domain-new" placeholder="university.edu" value={domain} onChange={(e) => setDomain(e.target.value)} />
      {config.providers.length > 1 && (
        <div>
          <label htmlFor="sso-domain-provider" className="block text-sm font-medium text-slate-900">
            Identity provider
          </label>
          <select id="sso-domain-provider" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" value={providerId} onChange={(e) => setProviderId(e.target.value)}>
            {config.providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.entityId}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button type="submit" variant="secondary" loading={add.pending}>
        Add domain
      </Button>
    </form>
  );
}

export function SsoCard() {
  const { notify } = useToast();
  const query = useServerQuery(['organization', 'sso'], (s) => api.get(s), { offline: false });
  const config = query.data;
  const remove = useServerMutation(({ what, id }: { what: 'provider' | 'domain'; id: string }) => (what === 'provider' ? api.removeProvider(id) : api.removeDomain(id)));
  const save = useServerMutation((input: SsoSettingsInput) => api.settings(input));

  async function onRemove(what: 'provider' | 'domain', id: string) {
    const res = await remove.run({ what, id });
    if (!res.ok) notify(messageOf(res, 'Could not remove it.'), 'error');
    await query.reload();
  }
  async function onSettings(input: SsoSettingsInput) {
    const res = await save.run(input);
    notify(res.ok ? SSO_MSG.saved : messageOf(res, SSO_MSG.bodyInvalid), res.ok ? 'success' : 'error');
    await query.reload();
  }

  return (
    <Card>
      <CardHeader icon={<KeyRound className="size-5" />} title="Single sign-on" description="Let members sign in with their university or company account (SAML 2.0 or OpenID Connect)." />
      <CardBody className="space-y-5">
        {query.status === 'loading' && <PageSpinner label="Loading single sign-on settings…" />}
        {query.status === 'error' && (
          <Alert tone="error" action={<Button size="sm" variant="secondary" onClick={() => void query.reload()}>Retry</Button>}>
            {query.error?.message ?? 'The single sign-on settings could not be loaded.'}
          </Alert>
        )}
        {config && (
          <>
            <div className="text-sm text-slate-700">
              <p className="font-medium text-slate-900">For your identity provider’s administrator</p>
              <dl className="mt-1 space-y-1 break-all">
                <div>
                  <dt className="inline font-medium">SAML entity ID and metadata: </dt>
                  <dd className="inline">{config.serviceProvider.metadataUrl}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">SAML assertion consumer service: </dt>
                  <dd className="inline">{config.serviceProvider.acsUrl}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">OpenID Connect redirect URI: </dt>
                  <dd className="inline">{config.serviceProvider.oidcRedirectUri}</dd>
                </div>
              </dl>
            </div>
            <section aria-labelledby="sso-providers">
              <h3 id="sso-providers" className="text-sm font-semibold text-slate-900">
                Identity providers
              </h3>
              {config.providers.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600">None yet.</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100">
                  {config.providers.map((p) => (
                    <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <span className="min-w-0 break-all">
                        <Badge tone="brand">{p.kind === 'saml' ? 'SAML' : 'OIDC'}</Badge> {p.entityId}
                      </span>
                      <Button size="sm" variant="ghost" icon={<Trash2 className="size-4" />} aria-label={`Remove identity provider ${p.entityId}`} onClick={() => void onRemove('provider', p.id)}>
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <ProviderForm onAdded={query.reload} />
            <section aria-labelledby="sso-domains" className="space-y-3">
              <h3 id="sso-domains" className="text-sm font-semibold text-slate-900">
                E-mail domains
              </h3>
              {config.domains.length > 0 && (
                <ul className="divide-y divide-slate-100">
                  {config.domains.map((d) => (
                    <li key={d.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <span>
                        {d.domain} <Badge tone={d.status === 'approved' ? 'success' : 'warning'}>{d.status === 'approved' ? 'Approved' : 'Waiting for approval'}</Badge>
                      </span>
                      <Button size="sm" variant="ghost" icon={<Trash2 className="size-4" />} aria-label={`Remove domain ${d.domain}`} onClick={() => void onRemove('domain', d.id)}>
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <DomainForm config={config} onAdded={query.reload} />
            </section>
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold text-slate-900">A first sign-in with single sign-on</legend>
              {(['join_request', 'member'] as const).map((p) => (
                <label key={p} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="sso-provisioning" checked={config.provisioning === p} disabled={save.pending} onChange={() => void onSettings({ provisioning: p, ssoOnly: config.ssoOnly })} />
                  {p === 'member' ? 'makes a team member at once' : 'asks to join (an org admin approves)'}
                </label>
              ))}
            </fieldset>
            <Switch
              checked={config.ssoOnly}
              disabled={save.pending}
              onChange={(next) => void onSettings({ provisioning: config.provisioning, ssoOnly: next })}
              label="SSO only"
              description="Members sign in only through single sign-on. Organization admins with two-step verification keep their password (break glass)."
            />
          </>
        )}
      </CardBody>
    </Card>
  );
}
