// Sign-up flows: the account is created at the provider first, then our server is called
// with the new session's token (signup → new organization, join → team member).
import type { Session } from '@supabase/supabase-js';
import { MSG } from '#domain/messages.ts';
import { apiClient, call } from '../../../lib/api-client.ts';
import { failureOf, messageOf } from '../../../lib/server-data/index.ts';
import { loadSupabase } from '../../../lib/supabase.ts';

export interface PersonalDetails {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface OrganizationDetails {
  organizationName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
}

export type RegisterTarget = { kind: 'create'; organization: OrganizationDetails } | { kind: 'join'; organizationId: string; joinKey: string };

/** What the server made of it: a profile, or a join request waiting for the organization's admins. */
export type RegisterOutcome = { kind: 'profile' } | { kind: 'join-requested'; organizationName: string };

export class RegisterError extends Error {
  /** The form field the error belongs to (the e-mail is already registered: step 1's field). */
  readonly field: 'email' | null;
  constructor(message: string, field: 'email' | null = null) {
    super(message);
    this.field = field;
  }
}

/** GoTrue's codes for a sign-up with an e-mail that already has an account. */
const EMAIL_TAKEN = new Set(['user_already_exists', 'email_exists']);

/** Creates the provider account; returns its session (null when the provider requires e-mail confirmation). */
export async function createProviderAccount(person: PersonalDetails, target: RegisterTarget): Promise<{ userId: string; session: Session | null }> {
  const org = target.kind === 'create' ? target.organization : null;
  const { data, error } = await (await loadSupabase()).auth.signUp({
    email: person.email,
    password: person.password,
    options: {
      // The confirmation link (after /confirm-email asks for this password, embedded provider) signs the user in and opens the dashboard.
      emailRedirectTo: `${window.location.origin}/dashboard`,
      data: {
        firstName: person.firstName,
        lastName: person.lastName,
        organizationName: org?.organizationName ?? '',
        contactName: org?.contactName ?? '',
        contactEmail: org?.contactEmail ?? '',
        contactPhone: org?.contactPhone ?? '',
        organizationId: target.kind === 'join' ? target.organizationId : null,
        // Hosted mode builds the join request from this metadata on first sign-in (same key check).
        joinKey: target.kind === 'join' ? target.joinKey : null,
      },
    },
  });
  if (error || !data.user) throw new RegisterError(error?.message || MSG.signupFailed, error?.code && EMAIL_TAKEN.has(error.code) ? 'email' : null);
  return { userId: data.user.id, session: data.session };
}

/** Creates the profile (and organization) on our server with the new session's token. */
export async function createServerProfile(person: PersonalDetails, target: RegisterTarget, userId: string, token: string): Promise<RegisterOutcome> {
  try {
    if (target.kind === 'create') {
      await call(
        apiClient({ token }).auth.signup.$post({
          json: { supabaseUserId: userId, email: person.email, firstName: person.firstName, lastName: person.lastName, ...target.organization },
        }),
      );
    } else {
      const res = await call(
        apiClient({ token }).auth['join-organization'].$post({
          json: {
            supabaseUserId: userId,
            email: person.email,
            firstName: person.firstName,
            lastName: person.lastName,
            organizationId: target.organizationId,
            joinKey: target.joinKey,
          },
        }),
      );
      if (res.joinRequest) return { kind: 'join-requested', organizationName: res.joinRequest.organizationName };
    }
    return { kind: 'profile' };
  } catch (error) {
    throw new RegisterError(messageOf(failureOf(error), target.kind === 'create' ? MSG.profileCreateFailed : MSG.joinFailed));
  }
}
