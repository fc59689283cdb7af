/**
 * A refused single sign-on. The browser came from the identity provider, so it is answered with a
 * redirect to the SPA carrying GoTrue's error fragment (`error`, `error_code`,
 * `error_description`), which supabase-js turns into an AuthImplicitGrantRedirectError; each one
 * is written to the audit log first (sso.routes.ts).
 */
export class SsoRefusal extends Error {
  constructor(
    public readonly code: string,
    message: string,
    /** For the audit line: which organization and provider, when known. */
    public readonly where: { organizationId?: string; providerId?: string; detail?: string } = {},
  ) {
    super(message);
    this.name = 'SsoRefusal';
  }
}

/** The words the SPA shows (login page) for each refusal; the code is what tests and the SPA decide on. */
export const SSO_MSG = {
  stateInvalid: 'This single sign-on attempt has expired or was already used. Please start again.',
  assertionInvalid: 'The identity provider’s answer could not be verified. Please start again, or ask your administrator.',
  replayed: 'This sign-in answer was already used. Please start again.',
  noEmail: 'The identity provider did not send an e-mail address.',
  domainNotApproved: 'Your e-mail domain is not approved for single sign-on with this organization.',
  emailUnverified: 'The identity provider has not verified your e-mail address.',
  banned: 'This account is disabled.',
  idpError: 'The identity provider did not sign you in.',
} as const;
