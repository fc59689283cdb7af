// Texts of two-step verification (ADRs 039, 040) apart from domain/messages.ts: MSG is one object
// that the first route loads whole, and these are read only by the server, the MFA screens
// (src/lib/mfa.ts MFA_TEXT holds the rest of theirs) and admin screens, which come in chunks of their
// own, so they stay out of the first-route budget (tests/budgets/budgets.test.ts).
export const MFA_MSG = {
  // the API's 403 mfa_required; the SPA's enrol screen says the same
  mfaRequired: 'Your organization requires two-step verification. Set up an authenticator app or a passkey to continue.',
  mfaPolicyOn: 'Two-step verification is now required for every member.',
  mfaPolicyOff: 'Two-step verification is no longer required.',
  mfaPolicyNeedsOwnFactor: 'Set up two-step verification for your own account first (Sign-in security), then sign in with it to require it for every member.',
  mfaPolicyBodyInvalid: 'Send any of requireMfa (true or false), sessionIdleMinutes and sessionMaxHours, and nothing else.',
  mfaPolicyEnableConfirm:
    'Every member will need an authenticator app or a passkey to sign in. Members who have not set one up are shut out of the organization\'s data until they do, and changes they have not sent yet stay on their device until then.',
  mfaFactorsReset: (name: string) => `Two-step verification was reset for ${name}. They set up an authenticator app or a passkey at their next sign-in.`,
  mfaResetConfirm: (name: string) =>
    `Reset two-step verification for ${name}? Their authenticator apps and passkeys are removed and their verified sessions end; they set up a new one at their next sign-in.`,
  mfaResetUnavailable: 'Two-step verification is managed by the hosted sign-in service here: reset it in the Supabase dashboard.',
  mfaResetNotYourMember: 'User not found in your organization',
} as const;
