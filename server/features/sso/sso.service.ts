// An organization's single sign-on settings (ADR 043): its identity providers (SAML metadata or an
// OIDC issuer and client), the e-mail domains it claims for them, provisioning and "SSO only";
// and the system admin's approval of a domain, without which a claim routes nobody. Every change
// is audited. The sign-in itself is the embedded provider's (server/auth-provider/sso).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  SSO_MSG,
  type AdminSsoDomainDto,
  type NewSsoProviderInput,
  type SsoConfigDto,
  type SsoDomainDto,
  type SsoProviderDto,
  type SsoSettingsInput,
} from '#domain/contracts/sso.ts';
import { normalizeDomain } from '../../auth-provider/index.ts';
import { organizations, ssoDomains, ssoProviders } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { CallerContext, ServiceContext } from '../../lib/context.ts';
import type { AuthUser } from '../../lib/factory.ts';
import { isAllowedUrl, parseIdpMetadata } from './saml-metadata.ts';

type ProviderRow = typeof ssoProviders.$inferSelect;
type DomainRow = typeof ssoDomains.$inferSelect;

const allowLoopback = (ctx: Pick<ServiceContext, 'env'>) => ctx.env.NODE_ENV !== 'production';

/** SSO needs the embedded provider: hosted Supabase has its own SAML (409 there). */
function assertEmbedded(ctx: ServiceContext): void {
  if (ctx.tokens.kind !== 'embedded' || !ctx.authAdmin?.sealSecret) throw new AppError(409, 'sso_unavailable', SSO_MSG.hostedUnavailable);
}

function orgId(ctx: CallerContext): string {
  if (!ctx.caller.organizationId) throw notFound('You do not belong to an organization');
  return ctx.caller.organizationId;
}

const toProviderDto = (p: ProviderRow): SsoProviderDto => ({
  id: p.id,
  kind: p.kind,
  entityId: p.entityId,
  ssoUrl: p.ssoUrl,
  clientId: p.clientId,
  hasClientSecret: !!p.clientSecretSealed,
  certificateCount: p.certificates.length,
  createdAt: p.createdAt.toISOString(),
});

const toDomainDto = (d: DomainRow): SsoDomainDto => ({
  id: d.id,
  domain: d.domain,
  providerId: d.providerId,
  status: d.status,
  approvedAt: d.approvedAt ? d.approvedAt.toISOString() : null,
});

export function serviceProviderInfo(ctx: Pick<ServiceContext, 'env'>): SsoConfigDto['serviceProvider'] {
  const base = `${ctx.env.APP_URL}/auth/v1`;
  return { entityId: `${base}/sso/saml/metadata`, acsUrl: `${base}/sso/saml/acs`, metadataUrl: `${base}/sso/saml/metadata`, oidcRedirectUri: `${base}/sso/oidc/callback` };
}

/** GET /api/organization/sso */
export async function getSsoConfig(ctx: CallerContext): Promise<SsoConfigDto> {
  const id = orgId(ctx);
  const [org] = await ctx.db.select({ provisioning: organizations.ssoProvisioning, ssoOnly: organizations.ssoOnly }).from(organizations).where(eq(organizations.id, id));
  const providers = await ctx.db.select().from(ssoProviders).where(eq(ssoProviders.organizationId, id)).orderBy(asc(ssoProviders.createdAt));
  const domains = await ctx.db.select().from(ssoDomains).where(eq(ssoDomains.organizationId, id)).orderBy(asc(ssoDomains.domain));
  return {
    provisioning: org?.provisioning ?? 'join_request',
    ssoOnly: org?.ssoOnly ?? false,
    providers: providers.map(toProviderDto),
    domains: domains.map(toDomainDto),
    serviceProvider: serviceProviderInfo(ctx),
  };
}

const audit = (ctx: CallerContext, action: string, before: unknown, after: unknown) =>
  writeAudit(ctx.db, { actorId: ctx.caller.id, organizationId: orgId(ctx), action, targetType: 'organization', targetId: orgId(ctx), before, after });

/** POST /api/organization/sso/providers */
export async function addSsoProvider(ctx: CallerContext, input: NewSsoProviderInput): Promise<SsoProviderDto> {
  assertEmbedded(ctx);
  const organizationId = orgId(ctx);
  let row: ProviderRow | undefined;
  if (input.kind === 'saml') {
    const meta = parseIdpMetadata(input.metadataXml, allowLoopback(ctx));
    [row] = await ctx.db
      .insert(ssoProviders)
      .values({ organizationId, kind: 'saml', entityId: meta.entityId, ssoUrl: meta.ssoUrl, certificates: meta.certificates, metadataXml: input.metadataXml })
      .returning();
  } else {
    const issuer = input.issuer.replace(/\/+$/, '');
    if (!isAllowedUrl(issuer, allowLoopback(ctx))) throw badRequest(SSO_MSG.issuerInvalid);
    [row] = await ctx.db.insert(ssoProviders).values({ organizationId, kind: 'oidc', entityId: issuer, clientId: input.clientId }).returning();
    if (row && input.clientSecret) {
      [row] = await ctx.db
        .update(ssoProviders)
        .set({ clientSecretSealed: ctx.authAdmin!.sealSecret!(input.clientSecret, row.id) })
        .where(eq(ssoProviders.id, row.id))
        .returning();
    }
  }
  if (!row) throw new Error('provider insert returned nothing');
  const dto = toProviderDto(row);
  await audit(ctx, 'sso.provider_added', null, { id: dto.id, kind: dto.kind, entityId: dto.entityId, clientId: dto.clientId });
  return dto;
}

/** DELETE /api/organization/sso/providers/:id (its domains and identities go with it). */
export async function removeSsoProvider(ctx: CallerContext, id: string): Promise<void> {
  const [row] = await ctx.db.delete(ssoProviders).where(and(eq(ssoProviders.id, id), eq(ssoProviders.organizationId, orgId(ctx)))).returning();
  if (!row) throw notFound(SSO_MSG.providerNotFound);
  await audit(ctx, 'sso.provider_removed', { id: row.id, kind: row.kind, entityId: row.entityId }, null);
}

/** POST /api/organization/sso/domains: a claim, pending until a system admin approves it. */
export async function claimSsoDomain(ctx: CallerContext, rawDomain: string, providerId: string): Promise<SsoDomainDto> {
  assertEmbedded(ctx);
  const organizationId = orgId(ctx);
  const domain = normalizeDomain(rawDomain);
  if (!domain) throw badRequest(SSO_MSG.domainInvalid);
  const [provider] = await ctx.db.select({ id: ssoProviders.id }).from(ssoProviders).where(and(eq(ssoProviders.id, providerId), eq(ssoProviders.organizationId, organizationId)));
  if (!provider) throw notFound(SSO_MSG.providerNotFound);
  const taken = await ctx.db.select({ id: ssoDomains.id }).from(ssoDomains).where(and(eq(ssoDomains.domain, domain), eq(ssoDomains.status, 'approved'), ne(ssoDomains.organizationId, organizationId)));
  if (taken.length > 0) throw conflict(SSO_MSG.domainTaken);
  const [row] = await ctx.db.insert(ssoDomains).values({ organizationId, providerId, domain }).onConflictDoNothing().returning();
  if (!row) throw conflict(SSO_MSG.domainExists);
  await audit(ctx, 'sso.domain_claimed', null, { id: row.id, domain, providerId });
  return toDomainDto(row);
}

/** DELETE /api/organization/sso/domains/:id */
export async function removeSsoDomain(ctx: CallerContext, id: string): Promise<void> {
  const [row] = await ctx.db.delete(ssoDomains).where(and(eq(ssoDomains.id, id), eq(ssoDomains.organizationId, orgId(ctx)))).returning();
  if (!row) throw notFound(SSO_MSG.domainNotFound);
  await audit(ctx, 'sso.domain_removed', { id: row.id, domain: row.domain, status: row.status }, null);
}

/**
 * PUT /api/organization/sso/settings. "SSO only" needs an approved domain (else nobody could sign
 * in) and the admin's own aal2 session: org_admins with a verified factor are the break glass
 * (they keep password sign-in, ADR 043), so the admin who turns it on must be one.
 */
export async function setSsoSettings(ctx: CallerContext, input: SsoSettingsInput, callerAal: AuthUser['aal']): Promise<SsoConfigDto> {
  assertEmbedded(ctx);
  const organizationId = orgId(ctx);
  const [before] = await ctx.db.select({ provisioning: organizations.ssoProvisioning, ssoOnly: organizations.ssoOnly }).from(organizations).where(eq(organizations.id, organizationId));
  if (!before) throw notFound('Organization not found');
  if (input.ssoOnly && !before.ssoOnly) {
    if (callerAal !== 'aal2') throw new AppError(403, 'mfa_enrol_first', SSO_MSG.ssoOnlyNeedsOwnFactor);
    const approved = await ctx.db.select({ id: ssoDomains.id }).from(ssoDomains).where(and(eq(ssoDomains.organizationId, organizationId), eq(ssoDomains.status, 'approved'))).limit(1);
    if (approved.length === 0) throw new AppError(409, 'sso_not_ready', SSO_MSG.ssoOnlyNeedsApproved);
  }
  if (before.provisioning !== input.provisioning || before.ssoOnly !== input.ssoOnly) {
    await ctx.db.update(organizations).set({ ssoProvisioning: input.provisioning, ssoOnly: input.ssoOnly, updatedAt: ctx.now() }).where(eq(organizations.id, organizationId));
    await audit(ctx, 'sso.settings', before, input);
  }
  return getSsoConfig(ctx);
}

/** GET /api/admin/sso-domains: every claim, pending first. */
export async function listSsoDomainsForAdmin(ctx: Pick<ServiceContext, 'db'>): Promise<AdminSsoDomainDto[]> {
  const rows = await ctx.db
    .select({ d: ssoDomains, orgName: organizations.name, kind: ssoProviders.kind, entityId: ssoProviders.entityId })
    .from(ssoDomains)
    .innerJoin(organizations, eq(organizations.id, ssoDomains.organizationId))
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.providerId))
    .orderBy(sql`${ssoDomains.status} = 'approved'`, asc(ssoDomains.domain))
    .limit(500);
  return rows.map((r) => ({ ...toDomainDto(r.d), organizationId: r.d.organizationId, organizationName: r.orgName, providerKind: r.kind, providerEntityId: r.entityId }));
}

/**
 * PUT /api/admin/sso-domains/:id: approves a claim (or withdraws an approval). An approved domain
 * belongs to one organization: the partial unique index decides a race, answered 409.
 */
export async function decideSsoDomain(ctx: CallerContext, id: string, status: 'approved' | 'pending'): Promise<SsoDomainDto> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(ssoDomains).where(eq(ssoDomains.id, id)).for('update');
    if (!current) throw notFound(SSO_MSG.domainNotFound);
    if (current.status === status) return toDomainDto(current);
    if (status === 'approved') {
      // Approvals of one domain take turns, so the check below sees any other approval committed
      // before it (two admins approving two organizations' claims at once: one gets the 409).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mvrsp.sso-domain:${current.domain}`}))`);
      const taken = await tx.select({ id: ssoDomains.id }).from(ssoDomains).where(and(eq(ssoDomains.domain, current.domain), eq(ssoDomains.status, 'approved')));
      if (taken.length > 0) throw conflict(SSO_MSG.domainTaken);
    }
    const now = ctx.now();
    const [row] = await tx
      .update(ssoDomains)
      .set(status === 'approved' ? { status, approvedBy: ctx.caller.id, approvedAt: now, updatedAt: now } : { status, approvedBy: null, approvedAt: null, updatedAt: now })
      .where(eq(ssoDomains.id, id))
      .returning();
    await writeAudit(tx, {
      actorId: ctx.caller.id,
      organizationId: current.organizationId,
      action: status === 'approved' ? 'sso.domain_approved' : 'sso.domain_unapproved',
      targetType: 'organization',
      targetId: current.organizationId,
      before: { domain: current.domain, status: current.status },
      after: { domain: current.domain, status },
    });
    return toDomainDto(row!);
  });
}
