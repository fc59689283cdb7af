// User-facing strings, verbatim: users and tests read the exact wording, so change one only on purpose.
// A string shown to users lives here once; the SPA and the server both import it.
export const MSG = {
  // validation
  requiredFields: 'Please fill in all required fields',
  passwordsDontMatch: 'Passwords do not match',
  passwordTooShortSignup: 'Password must be at least 8 characters long',
  passwordTooShortInvite: 'Password must be at least 8 characters',
  orgNameRequired: 'Organization name is required',
  orgNameEmpty: 'Organization name cannot be empty',
  // names (domain/text.ts nameProblem): they are put into invitation and join-request mails
  nameInvisibleChars: 'Names cannot contain invisible or text-direction characters (such as zero-width spaces or right-to-left overrides)',
  nameWebAddress: 'Names cannot contain web addresses or domain names (such as example.com). For an abbreviation, put a space after the dot.',
  inviteEmailEmpty: 'Please enter an email address',
  answerYesNo: 'Answer must be yes or no',
  removeMemberConfirm: 'Are you sure you want to remove this team member?',
  invalidInvitation: 'Invalid or expired invitation',
  // access ended while signed in (the API refuses a removed or disabled member; the SPA signs out with it)
  accessRemoved: 'Your access to this organization has been removed. Contact your organization admin.',
  accountDisabled: 'Your account has been disabled. Contact your organization admin.',
  organizationDeleted: 'The organization your account belonged to was deleted, with all of its data. To use MVRSP Assess again, ask an organization admin to invite you.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  // the headings over those messages when a signed-in account can no longer load (no Retry: it cannot succeed)
  accessRemovedTitle: 'Your access to this organization was removed',
  accountDisabledTitle: 'Your account is disabled',
  organizationDeletedTitle: 'Your organization was deleted',

  // errors
  loginFailed: 'Invalid email or password',
  signupFailed: 'Failed to create account',
  profileCreateFailed: 'Failed to create organization profile',
  joinFailed: 'Failed to join organization',
  validateInviteFailed: 'Failed to validate invitation',
  acceptInviteFailed: 'Failed to accept invitation',
  dashboardLoadFailed: 'Failed to load dashboard data',
  createAssessmentFailed: 'Failed to create assessment',
  applicabilityRequired: "Complete your organization's applicability profile before starting an assessment.",
  applicabilityRequiredMember: "Your organization's admin must complete its applicability profile before an assessment can start.",
  applicabilitySaveFailed: 'Failed to save the applicability profile',
  // funding instruments (domain/questions/applicability.ts; ADR 037); the screens' texts are in domain/content-messages.ts
  instrumentsMissing: (agency: string) => `Choose grants or cooperative agreements, contracts, or both for ${agency}`,
  requestFailed: 'Request failed',
  httpStatus: (status: number) => `HTTP ${status}`,
  updateOrgNameFailed: 'Failed to update organization name',
  sendInviteFailed: 'Failed to send invitation',
  cancelInviteFailed: 'Failed to cancel invitation',
  removeMemberFailed: 'Failed to remove team member',
  noOrganizations: 'No organizations found',
  // the delete-organization dialog when the organization changed while it was open
  organizationRenamedWhileOpen: (name: string) => `The organization was renamed to "${name}" while this dialog was open. Type the new name to delete it.`,
  organizationGoneWhileOpen: 'This organization no longer exists. Close this dialog; the list has been updated.',
  noAssessments: 'No assessments found',
  noAssessmentsYet: 'No assessments yet',
  usersComingSoon: 'Users management coming soon...',

  // successes
  orgNameUpdated: 'Organization name updated successfully',
  inviteSent: (email: string) => `Invitation sent to ${email}`,
  inviteCancelled: 'Invitation cancelled',
  memberRemoved: 'Team member removed',
  accountCreatedSignIn: 'Account created successfully! Please sign in.',
  joinAsTeamMember: "You'll be added as a team member to this organization.",
  accountCreatedTitle: 'Account Created Successfully!',
  invalidInvitationTitle: 'Invalid Invitation',

  // misc: page labels and titles
  signingIn: 'Signing in...',
  createAccountTitle: 'Create Account',
  joinOrgTitle: (orgName: string) => `Join ${orgName}`,

  // password reset and account set-up (SPA shell)
  resetLinkSent: 'If an account exists for that address, we sent a link to reset your password.',
  passwordUpdated: 'Your password has been updated. Please sign in.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  linkCopied: 'Copied!',

  // invitations for an address that already has an account (SPA /invite/:token)
  inviteAccountExistsTitle: 'You already have an account',
  inviteAccountExists: (email: string) => `An account with ${email} already exists. Sign in with it to accept this invitation.`,
  inviteSignInToAccept: 'Sign in to accept',

  // join by link (ADR 003): a request an org_admin decides, unless the address is on an allowed domain
  joinLinkInvalid: 'This join link is no longer valid. Ask your organization admin for a new link.',
  joinRequestSent: (orgName: string) =>
    `Your request to join ${orgName} was sent to its organization admins. You will be told by e-mail when it is approved.`,
  joinRequestPending: (orgName: string) =>
    `Your request to join ${orgName} is waiting for approval by its organization admins. You will be told by e-mail when it is approved.`,
  joinRequestDeclined: 'Your request to join this organization was declined. Ask your organization admin for an invitation.',
  joinRequestOtherPending: 'You already asked to join another organization. Wait for its decision first.',
  joinRemovedMember: 'Your access to this organization has been removed. Ask your organization admin for an invitation.',
  joinRequestApproved: (name: string) => `${name} is now a team member`,
  joinRequestDeclinedDone: (name: string) => `The request of ${name} was declined`,
  joinLinkRotated: 'A new join link was created. Older links no longer work.',
  // organization export through a one-time download link
  exportLinkInvalid: 'This download link has expired or was already used. Start the export again from the Organization page.',
  joinLinkRotatedCancelled: (n: number) => `A new join link was created. Older links no longer work, and ${n === 1 ? '1 pending join request was' : `${n} pending join requests were`} cancelled.`,
  joinLinkRotateConfirm: 'The current link stops working at once, and pending join requests made with it are cancelled. People who have the link but have not asked to join yet, and people whose requests are cancelled, need the new link.',
  joinRequestResemblesRemoved: 'Warning: this address is the same mailbox as a member your organization removed (letter case, dots in Gmail addresses and +tags aside). Only an invitation brings a removed member back; approving this request is refused.',
  joinRequestDeclineConfirm: (name: string, email: string) => `Decline the request of ${name} (${email})? They cannot ask to join again with the join link; only an invitation brings them in.`,
  joinDomainInvalid: (d: string) => `"${d}" is not a domain name (example: university.edu)`,
  inviteSignInNotice: (email: string, orgName: string) => `Sign in as ${email} to accept your invitation to ${orgName}.`,
  inviteConfirmEmail: (email: string) => `We sent a confirmation link to ${email}. Confirm your address, then sign in to accept the invitation.`,
  inviteSignedInAs: (email: string) => `You are signed in as ${email}.`,
  inviteWrongAccountTitle: 'Signed in with a different account',
  inviteWrongAccount: (signedIn: string, invited: string) => `You are signed in as ${signedIn}, but this invitation was sent to ${invited}. Sign out to accept it with that address.`,

  // e-mail confirmation (embedded auth with confirmation on, and hosted Supabase)
  emailNotConfirmed: 'Please confirm your e-mail address first: open the link we sent you, then try again.',
  loginEmailNotConfirmed: 'Your e-mail address is not confirmed yet. Open the link we sent you, or send a new one.',
  resendConfirmation: 'Resend confirmation e-mail',
  confirmationResent: (email: string) => `If ${email} still needs confirming, a new link is on its way.`,
  // The /confirm-email page (embedded provider): the sign-up password confirms the address (ADR 002 §9).
  confirmEmailPurpose: 'Enter the password you chose when you signed up.',
  confirmNeedsPassword: 'Enter your password to confirm your address',
  confirmWrongPassword: 'That is not the password chosen when this account was signed up. Try again, or reset the password.',
  confirmLinkInvalid: 'This confirmation link is invalid, has expired or was already used.',
  confirmNotMine: 'I did not create this account / forgot the password',
} as const;
