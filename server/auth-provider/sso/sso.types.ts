// What the provider's single sign-on (ADR 043) needs from the application: provisioning in the
// organization after an identity provider vouched for a user. Wired by server/compose.ts to the
// sso feature (server/features/sso), so the provider itself knows no profiles or join requests.

/** A user an identity provider of `organizationId` vouched for, after every check of the provider. */
export interface SsoIdentity {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  organizationId: string;
  providerId: string;
}

export type SsoProvisionResult = { ok: true } | { ok: false; code: string; message: string };

export interface SsoHooks {
  /** Makes sure the user has a place in the organization (member or join request), or says why not. */
  provision(identity: SsoIdentity): Promise<SsoProvisionResult>;
  /** Whether password sign-in is refused for this user (their organization is "SSO only", ADR 043). */
  passwordRefused(userId: string): Promise<boolean>;
}
