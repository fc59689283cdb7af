// Single sign-on per organization (ADR 043): request schemas and response shapes of
// /api/organization/sso (org_admins) and /api/admin/sso-domains (system admins), shared by the
// API and the SPA's lazy SSO settings and domain approval pages.
import { z } from 'zod';

export const SSO_MSG = {
  bodyInvalid: 'Please check the single sign-on settings.',
  metadataInvalid: 'This is not the SAML metadata of an identity provider. Upload the identity provider’s metadata XML file.',
  metadataTooLarge: 'The metadata file is too large (at most 200 KB).',
  metadataNoCert: 'The metadata has no signing certificate for the identity provider.',
  metadataNoRedirect: 'The metadata has no single sign-on address (HTTP-Redirect binding).',
  issuerInvalid: 'The issuer must be an https address.',
  domainInvalid: 'Enter a domain such as university.edu.',
  domainTaken: 'Another organization already uses this domain for single sign-on.',
  domainExists: 'This domain is already listed.',
  providerNotFound: 'Identity provider not found.',
  domainNotFound: 'Domain not found.',
  ssoOnlyNeedsApproved: 'Approve at least one domain for single sign-on before turning on “SSO only”.',
  ssoOnlyNeedsOwnFactor: 'Set up two-step verification for your own account before turning on “SSO only”: you are the break-glass administrator.',
  hostedUnavailable: 'With hosted Supabase, single sign-on is set up in the Supabase project (its own SAML).',
  saved: 'Single sign-on settings saved.',
} as const;

export const SSO_METADATA_MAX_BYTES = 200 * 1024;

const domainField = z.string({ error: SSO_MSG.domainInvalid }).trim().min(3, SSO_MSG.domainInvalid).max(253, SSO_MSG.domainInvalid);

/** POST /api/organization/sso/providers (a SAML IdP's metadata, or an OIDC issuer and client). */
export const newSsoProviderSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('saml'), metadataXml: z.string().min(1, SSO_MSG.metadataInvalid).max(SSO_METADATA_MAX_BYTES, SSO_MSG.metadataTooLarge) }),
    z.strictObject({
      kind: z.literal('oidc'),
      issuer: z.string().trim().min(1, SSO_MSG.issuerInvalid).max(500, SSO_MSG.issuerInvalid),
      clientId: z.string().trim().min(1, SSO_MSG.bodyInvalid).max(500, SSO_MSG.bodyInvalid),
      clientSecret: z.string().max(2000, SSO_MSG.bodyInvalid).optional(),
    }),
  ],
  { error: SSO_MSG.bodyInvalid },
);
export type NewSsoProviderInput = z.input<typeof newSsoProviderSchema>;

/** POST /api/organization/sso/domains */
export const newSsoDomainSchema = z.strictObject({ domain: domainField, providerId: z.uuid(SSO_MSG.providerNotFound) }, { error: SSO_MSG.bodyInvalid });
export type NewSsoDomainInput = z.input<typeof newSsoDomainSchema>;

/** PUT /api/organization/sso/settings */
export const ssoSettingsSchema = z.strictObject(
  { provisioning: z.enum(['member', 'join_request'], { error: SSO_MSG.bodyInvalid }), ssoOnly: z.boolean({ error: SSO_MSG.bodyInvalid }) },
  { error: SSO_MSG.bodyInvalid },
);
export type SsoSettingsInput = z.input<typeof ssoSettingsSchema>;

/** PUT /api/admin/sso-domains/:id */
export const ssoDomainDecisionSchema = z.strictObject({ status: z.enum(['approved', 'pending'], { error: SSO_MSG.bodyInvalid }) }, { error: SSO_MSG.bodyInvalid });

export interface SsoProviderDto {
  id: string;
  kind: 'saml' | 'oidc';
  /** SAML entity id or OIDC issuer. */
  entityId: string;
  ssoUrl: string | null;
  clientId: string | null;
  hasClientSecret: boolean;
  certificateCount: number;
  createdAt: string;
}

export interface SsoDomainDto {
  id: string;
  domain: string;
  providerId: string;
  status: 'pending' | 'approved';
  approvedAt: string | null;
}

/** GET /api/organization/sso */
export interface SsoConfigDto {
  provisioning: 'member' | 'join_request';
  ssoOnly: boolean;
  providers: SsoProviderDto[];
  domains: SsoDomainDto[];
  /** What the identity provider's administrator needs (SAML): our entity id and ACS; OIDC: the redirect URI. */
  serviceProvider: { entityId: string; acsUrl: string; metadataUrl: string; oidcRedirectUri: string };
}

/** GET /api/admin/sso-domains */
export interface AdminSsoDomainDto extends SsoDomainDto {
  organizationId: string;
  organizationName: string;
  providerKind: 'saml' | 'oidc';
  providerEntityId: string;
}
