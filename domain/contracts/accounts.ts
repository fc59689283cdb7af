// Request schemas and response shapes for accounts, organizations and invitations.
// Shared by the API (validate()) and the SPA (form validation, typed fetchers).
import { z } from 'zod';
import { MSG } from '../messages.ts';
import { MFA_MSG } from '../mfa-messages.ts';
import { SESSION_MSG } from '../session-messages.ts';
import type { Role } from '../roles.ts';
import type { ApplicabilityProfile } from '../questions/applicability.ts';
import type { Grade } from '../scoring/policy.ts';
import { INVITABLE_ROLES, type InvitableRole, type JoinRequestStatus, type OrganizationStatus, type ProfileStatus } from './enums.ts';
import { nameField, withoutControlChars } from './fields.ts';

/** A first or last name (the one name rule: fields.ts nameField). */
const personName = (max = 100) =>
  nameField(z.string({ error: MSG.requiredFields }).trim().min(1, MSG.requiredFields).max(max, `Must be at most ${max} characters`));

/** A first or last name on its own (the hosted provider's user metadata, server/features/accounts/provisioning.service.ts). */
export const personNameSchema = personName();

/** A person's name that may be left blank (the organization's contact). */
const optionalName = (max = 200) =>
  nameField(z.string().trim().max(max, `Must be at most ${max} characters`))
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** Blank or missing becomes undefined (the server fills defaults). */
const optionalText = (max = 200, controlMessage?: string) =>
  withoutControlChars(z.string().trim().max(max, `Must be at most ${max} characters`), controlMessage)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

const organizationName = (emptyMessage: string) =>
  nameField(z.string({ error: emptyMessage }).trim().min(1, emptyMessage).max(200, 'Organization name must be at most 200 characters'));

const emailAddress = z
  .string({ error: MSG.requiredFields })
  .trim()
  .toLowerCase()
  .min(1, MSG.requiredFields)
  .pipe(z.email('Please enter a valid email address').max(254));

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .nullable()
  .transform((v) => (v ? v : undefined))
  .pipe(z.email('Please enter a valid contact email address').max(254).optional());

const uuid = (message = 'Invalid id') => z.uuid(message);

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 72;
export const INVITATION_TTL_DAYS = 7;

// ---------- requests ----------

/** POST /api/auth/signup: a new organization with the caller as its org_admin. */
export const signupSchema = z.object({
  supabaseUserId: uuid('Invalid user id').optional(),
  email: emailAddress.optional(),
  firstName: personName(),
  lastName: personName(),
  organizationName: organizationName(MSG.orgNameRequired),
  contactName: optionalName(),
  contactEmail: optionalEmail,
  contactPhone: optionalText(50, 'Phone numbers cannot contain line breaks or control characters'),
});
export type SignupInput = z.input<typeof signupSchema>;

/** The secret of a join link (/signup?org=<id>&key=<joinKey>); the server refuses a missing or old one. */
export const joinKeySchema = z.string({ error: MSG.joinLinkInvalid }).trim().min(16, MSG.joinLinkInvalid).max(100, MSG.joinLinkInvalid);

/**
 * POST /api/auth/join-organization: join by link. A join request for the org_admins to decide,
 * or a team member at once when the verified address is on one of the organization's allowed
 * domains (ADR 003). `joinKey` is optional in the type (the published payload) but the server requires it.
 */
export const joinOrganizationSchema = z.object({
  supabaseUserId: uuid('Invalid user id').optional(),
  email: emailAddress.optional(),
  firstName: personName(),
  lastName: personName(),
  organizationId: uuid('Invalid organization id'),
  joinKey: z.string().max(100, MSG.joinLinkInvalid).optional(),
});
export type JoinOrganizationInput = z.input<typeof joinOrganizationSchema>;

const inviteToken = z.string({ error: MSG.invalidInvitation }).trim().min(16, MSG.invalidInvitation).max(200, MSG.invalidInvitation);

/**
 * POST /api/auth/accept-invite. Either `password` (the server creates the account for the
 * invited e-mail) or `supabaseUserId` with a bearer token of that invited e-mail.
 */
export const acceptInviteSchema = z
  .object({
    token: inviteToken,
    firstName: personName(),
    lastName: personName(),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, MSG.passwordTooShortInvite)
      .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
      .optional(),
    supabaseUserId: uuid('Invalid user id').optional(),
  })
  .refine((v) => v.password !== undefined || v.supabaseUserId !== undefined, {
    message: MSG.passwordTooShortInvite,
    path: ['password'],
  });
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;

/** GET /api/auth/validate-invite?token= */
export const validateInviteQuerySchema = z.object({ token: inviteToken });

/** POST /api/auth/invite */
export const inviteSchema = z.object({
  email: z
    .string({ error: MSG.inviteEmailEmpty })
    .trim()
    .toLowerCase()
    .min(1, MSG.inviteEmailEmpty)
    .pipe(z.email('Please enter a valid email address').max(254)),
  organizationId: uuid('Invalid organization id'),
  role: z.enum(INVITABLE_ROLES).optional(),
});
export type InviteInput = z.input<typeof inviteSchema>;

export const MAX_ALLOWED_DOMAINS = 20;
const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** One allowed e-mail domain: a domain name only (no @, scheme or path), lower-cased. */
export const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .superRefine((d, ctx) => {
    if (!DOMAIN_NAME.test(d)) ctx.addIssue({ code: 'custom', message: MSG.joinDomainInvalid(d.slice(0, 60)) });
  });

export const allowedEmailDomainsSchema = z
  .array(emailDomainSchema)
  .max(MAX_ALLOWED_DOMAINS, `At most ${MAX_ALLOWED_DOMAINS} domains`)
  .transform((list) => [...new Set(list)]);

/** PUT /api/organization/update */
export const updateOrganizationSchema = z
  .object({
    name: organizationName(MSG.orgNameEmpty).optional(),
    joinByLinkEnabled: z.boolean().optional(),
    allowedEmailDomains: allowedEmailDomainsSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.joinByLinkEnabled !== undefined || v.allowedEmailDomains !== undefined, {
    message: 'Nothing to update',
    path: ['name'],
  });
export type UpdateOrganizationInput = z.input<typeof updateOrganizationSchema>;

/** PUT /api/organization/security: exactly one key; anything else is a 400 with a message the UI can show (ADR 040). */
/** Bounds of the organization's session limits (ADR 042). */
export const SESSION_IDLE_MINUTES = { min: 5, max: 10_080 } as const;
export const SESSION_MAX_HOURS = { min: 1, max: 2_160 } as const;

const limit = (bounds: { min: number; max: number }, message: string) =>
  z.int({ error: message }).min(bounds.min, { error: message }).max(bounds.max, { error: message }).nullable();

/** PUT /api/organization/security: any of the three settings (strict: other keys 400), at least one. */
export const organizationSecuritySchema = z
  .strictObject(
    {
      requireMfa: z.boolean({ error: MFA_MSG.mfaPolicyBodyInvalid }).optional(),
      sessionIdleMinutes: limit(SESSION_IDLE_MINUTES, SESSION_MSG.idleBounds).optional(),
      sessionMaxHours: limit(SESSION_MAX_HOURS, SESSION_MSG.maxAgeBounds).optional(),
    },
    { error: MFA_MSG.mfaPolicyBodyInvalid },
  )
  .refine((v) => v.requireMfa !== undefined || v.sessionIdleMinutes !== undefined || v.sessionMaxHours !== undefined, { error: MFA_MSG.mfaPolicyBodyInvalid });
export type OrganizationSecurityInput = z.input<typeof organizationSecuritySchema>;

/** GET /api/organization/public/:orgId?key= */
export const publicOrganizationQuerySchema = z.object({ key: joinKeySchema });

// ---------- client-side form rules ----------

const passwordPair = <T extends { password: string; confirmPassword: string }>(v: T) => v.password === v.confirmPassword;

/** Signup step 1 (personal info). */
export const signupPersonalFormSchema = z
  .object({
    firstName: personName(),
    lastName: personName(),
    email: emailAddress,
    password: z.string().min(1, MSG.requiredFields).min(MIN_PASSWORD_LENGTH, MSG.passwordTooShortSignup),
    confirmPassword: z.string(),
  })
  .refine(passwordPair, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });

/** /invite/:token form. */
export const acceptInviteFormSchema = z
  .object({
    firstName: personName(),
    lastName: personName(),
    password: z.string().min(MIN_PASSWORD_LENGTH, MSG.passwordTooShortInvite),
    confirmPassword: z.string(),
  })
  .refine(passwordPair, { message: MSG.passwordsDontMatch, path: ['confirmPassword'] });

// ---------- responses ----------

export {
  INVITABLE_ROLES,
  JOIN_REQUEST_STATUSES,
  ORGANIZATION_STATUSES,
  PROFILE_STATUSES,
  type InvitableRole,
  type JoinRequestStatus,
  type OrganizationStatus,
  type ProfileStatus,
} from './enums.ts';

export interface ProfileOrganization {
  id: string;
  name: string;
  status: OrganizationStatus;
  suspended_reason: string | null;
  joinByLinkEnabled: boolean;
  /** Every member must sign in with a second factor (PUT /api/organization/security, ADR 040). */
  require_mfa: boolean;
  /** Session limits (PUT /api/organization/security, ADR 042); null: none. Absent in profiles cached before them. */
  session_idle_minutes?: number | null;
  session_max_hours?: number | null;
  paid_until: string | null;
}

/** GET /api/auth/profile: the published Profile, plus status fields. */
export interface ProfileDto {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  status: ProfileStatus;
  organization: ProfileOrganization | null;
}

export interface TeamMemberDto {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
}

export interface InvitationDto {
  id: string;
  email: string;
  role: InvitableRole;
  created_at: string;
  expires_at: string;
}

export interface OrganizationDto {
  id: string;
  name: string;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  status: OrganizationStatus;
  joinByLinkEnabled: boolean;
  created_at: string;
}

export interface ValidateInviteResponse {
  organizationName: string;
  email: string;
  organizationId: string;
}

export interface PublicOrganizationResponse {
  name: string;
}

/** GET /api/organization/join-link (org_admins): the link's secret and rules. */
export interface JoinLinkDto {
  joinByLinkEnabled: boolean;
  joinKey: string;
  allowedEmailDomains: string[];
}

/** GET /api/organization/join-requests: pending requests, oldest first. */
export interface JoinRequestDto {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: JoinRequestStatus;
  created_at: string;
  /** Same account or same mailbox (domain/mailbox.ts) as a member the organization removed. */
  resembles_removed_member: boolean;
}

/**
 * POST /api/auth/join-organization answers 201 { message, profile } when the caller became a
 * team member, or 202 { message, joinRequest } when an org_admin has to approve first.
 */
export interface JoinOrganizationResponse {
  message: string;
  profile?: ProfileDto;
  joinRequest?: { status: 'pending'; organizationName: string };
}

/** PUT /api/organization/security */
export interface OrganizationSecurityResponse {
  message: string;
  require_mfa: boolean;
  session_idle_minutes: number | null;
  session_max_hours: number | null;
}

/** DELETE /api/organization/members/:id/factors and /api/admin/users/:id/factors */
export interface FactorsResetResponse {
  message: string;
  /** How many factors were removed (0: the user had none; the reset still ended no session). */
  removed_factors: number;
}

/** Mutations answer { message } (a success string of domain/messages.ts) plus the changed entity. */
export interface MessageResponse {
  message: string;
}

// ---------- applicability profile (ADR 018) ----------

export { applicabilityProfileSchema } from '../questions/applicability.ts';

/** GET and PUT /api/organization/applicability (PUT: org_admin only; the body is an ApplicabilityProfile). */
export interface ApplicabilityView {
  /** null until an org_admin completes it; an assessment cannot start before. */
  profile: ApplicabilityProfile | null;
  updated_at: string | null;
  updated_by_name: string | null;
  /** The assessment in progress keeps the profile it started with; a change applies to the next one. */
  in_progress_assessment_id: string | null;
  /**
   * The profile lists controlled-access human data without the NIH repositories choice and was last
   * saved before that choice existed (mayMeanNihRepositories): an org_admin should review its
   * activities; saving it, changed or not, records the review.
   */
  activities_review: boolean;
  /** The organization's last submitted assessment, which a new one starts from unless started blank (carry-forward, ADR 019); null when none. */
  last_submitted: { id: string; submitted_at: string; total_score: number | null; grade: Grade | null } | null;
}
