// Single sign-on per organization (ADR 043): the organization's identity providers and the e-mail
// domains they answer for (app data, set by org_admins, approved by a system admin), and the
// embedded provider's short-lived SSO state (auth_sso_*).
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { createdAt, id, timestamps } from './columns.ts';
import { organizations } from './organizations.ts';

export const SSO_KINDS = ['saml', 'oidc'] as const;
export const SSO_DOMAIN_STATUSES = ['pending', 'approved'] as const;

/**
 * One identity provider of an organization. SAML: the IdP's entity id, its HTTP-Redirect
 * single sign-on URL and signing certificates, read from the uploaded metadata (kept as uploaded).
 * OIDC: issuer, client id and the client secret sealed with the provider's secret box
 * (auth.mfa-crypto.ts, the provider's id as associated data).
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text({ enum: SSO_KINDS }).notNull(),
    /** SAML: the IdP's entityID; OIDC: the issuer URL. */
    entityId: text().notNull(),
    /** SAML: SingleSignOnService (HTTP-Redirect) location. */
    ssoUrl: text(),
    /** SAML: the IdP's signing certificates (base64 DER, no PEM armour). */
    certificates: jsonb().$type<string[]>().notNull().default([]),
    /** SAML: the metadata document as uploaded. */
    metadataXml: text(),
    /** OIDC: client id and sealed secret. */
    clientId: text(),
    clientSecretSealed: text(),
    ...timestamps,
  },
  (t) => [index('sso_providers_org_idx').on(t.organizationId)],
);

/**
 * An e-mail domain an organization claims for one of its providers. It routes sign-ins only once a
 * system admin approved it; an approved domain belongs to one organization (partial unique index).
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    /** Lower-cased, IDNA ASCII form. */
    domain: text().notNull(),
    status: text({ enum: SSO_DOMAIN_STATUSES }).notNull().default('pending'),
    approvedBy: uuid(),
    approvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sso_domains_approved_idx').on(t.domain).where(sql`${t.status} = 'approved'`),
    uniqueIndex('sso_domains_org_domain_idx').on(t.organizationId, t.domain),
    index('sso_domains_provider_idx').on(t.providerId),
  ],
);

/**
 * One sign-in started by POST /auth/v1/sso, until the IdP answers (10 minutes): the OIDC state,
 * nonce and PKCE verifier, or the SAML AuthnRequest id. Used once (usedAt).
 */
export const authSsoStates = pgTable(
  'auth_sso_states',
  {
    /** SHA-256 of the state (OIDC `state`, SAML RelayState). */
    stateHash: text().primaryKey(),
    providerId: uuid()
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    redirectTo: text().notNull(),
    /** OIDC nonce / SAML AuthnRequest ID. */
    nonce: text().notNull(),
    codeVerifier: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  // The provider's key: its deletion cascades here (server/db/fk-indexes.test.ts).
  (t) => [index('auth_sso_states_expires_idx').on(t.expiresAt), index('auth_sso_states_provider_idx').on(t.providerId)],
);

/** Assertion ids (SAML) already accepted, kept until the assertion expires: a replay is refused. */
export const authSsoReplays = pgTable(
  'auth_sso_replays',
  {
    /** `${providerId}|${assertion ID}`. */
    key: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('auth_sso_replays_expires_idx').on(t.expiresAt)],
);

/** Which auth user an IdP's subject (SAML NameID, OIDC sub) is. */
export const authSsoIdentities = pgTable(
  'auth_sso_identities',
  {
    id: id(),
    providerId: uuid()
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('auth_sso_identities_subject_idx').on(t.providerId, t.subject), index('auth_sso_identities_user_idx').on(t.userId)],
);
