import { createFactory } from 'hono/factory';
import type { Db, DbKind } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Budgets } from './budgets.ts';
import type { ServiceContext } from './context.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mailer.ts';
import type { Metrics } from './metrics.ts';
import type { ObjectStore } from './storage/index.ts';

/** The verified identity behind a bearer token (from the embedded provider or hosted Supabase). */
export interface AuthUser {
  id: string;
  email: string;
  sessionId: string | null;
  userMetadata: Record<string, unknown>;
  /**
   * The e-mail address is confirmed (embedded: auth_users.email_confirmed_at; hosted: see
   * hosted-verifier.ts and ADR 002). Accounts are only created or joined for confirmed addresses.
   */
  emailConfirmed: boolean;
  /**
   * The session's authenticator assurance level: 'aal2' once a second factor was verified in it
   * (ADR 039). Embedded: the token's `aal` claim and the session row must both say aal2; hosted:
   * the claim (absent: aal1). requireProfile refuses aal1 where ADR 040's policy requires aal2.
   */
  aal: 'aal1' | 'aal2';
  /**
   * The user's profile with its organization (null: no profile), when the verifier read it in the
   * same statement as the session (embedded verifier, ADR 024); undefined when it did not (hosted),
   * and requireProfile reads it.
   */
  profile?: Caller | null;
}

/** Verifies an access token; throws AppError(401) when it is not valid. */
export interface TokenVerifier {
  readonly kind: 'embedded' | 'supabase';
  verify(token: string): Promise<AuthUser>;
}

/** Everything the app needs from the outside world, injected by createApp(deps). */
export interface AppDeps {
  env: Env;
  db: Db;
  dbKind: DbKind;
  logger: Logger;
  mailer: Mailer;
  tokens: TokenVerifier;
  /** Where evidence bytes live: DATA_DIR/evidence or an S3-compatible bucket (server/lib/storage). */
  storage: ObjectStore;
  /** Request budgets shared by every instance: Redis when REDIS_URL is set, else the database (server/lib/budgets.ts). */
  budgets: Budgets;
  /** Injectable clock for tests. */
  now: () => Date;
  /** This instance's Prometheus metrics (server/lib/metrics.ts). */
  metrics: Metrics;
  /** Set once shutdown has begun: GET /api/ready answers 503 from then on. */
  lifecycle: Lifecycle;
  /** Admin operations of the embedded auth provider; absent with hosted Supabase. */
  authAdmin?: AuthAdminApi;
}

/** The process's run state as the readiness probe sees it (server/index.ts flips it on SIGTERM). */
export interface Lifecycle {
  shuttingDown: boolean;
}

/** What the accounts feature needs from the auth provider's admin API. */
/** Why an admin action ended a user's sessions (the auth.session_ended row). */
export interface SessionEndReason {
  actorId: string | null;
  reason: string;
}

/** One session as the embedded provider stores it (auth_sessions). */
export interface AuthSessionSummary {
  id: string;
  createdAt: Date;
  lastActiveAt: Date;
  ip: string | null;
  userAgent: string | null;
  method: string;
  aal: string;
}

export interface AuthAdminApi {
  /** Seals a secret at rest with the provider's key (an SSO client secret, ADR 043). */
  sealSecret?(plain: string, aad: string): string;
  /** Creates a confirmed user; rejects when the e-mail is already registered. */
  createUser(input: { email: string; password: string; userMetadata: Record<string, unknown> }): Promise<{ id: string }>;
  /**
   * Ends every session (refresh tokens) of the user; `why` (who, and the reason: member_removed,
   * organization_deleted, ...) is recorded as auth.session_ended by the embedded provider (ADR 042).
   */
  signOutUser(userId: string, why?: SessionEndReason): Promise<unknown>;
  /** Bans until the instant (null lifts the ban) and ends every session; used to disable users. */
  banUser?(userId: string, until: Date | null, why?: SessionEndReason): Promise<void>;
  /** The user's sessions, newest use first (ADR 042). Absent with hosted Supabase (no session list there). */
  listSessions?(userId: string): Promise<AuthSessionSummary[]>;
  /** Ends one session of the user (false: no such session of theirs), audited as ended by `actorId`. */
  endSession?(userId: string, sessionId: string, actorId: string): Promise<boolean>;
  /**
   * A lost second factor (ADR 040): deletes every MFA factor of the user and ends their sessions
   * above aal1. Absent with hosted Supabase (its dashboard resets factors).
   */
  resetFactors?(userId: string): Promise<{ factors: number; sessions: number }>;
}

/**
 * The caller: the signed-in user's profile, loaded into c.var.caller by requireProfile
 * (server/features/accounts/require-profile.ts). The one type for "who is calling" on the server;
 * a function that needs less takes a Pick<Caller, ...>.
 */
export interface Caller {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'org_admin' | 'team_member' | 'system_admin';
  status: 'active' | 'disabled' | 'removed';
  organizationId: string | null;
  organization: {
    id: string;
    name: string;
    status: string;
    suspendedReason: string | null;
    joinByLinkEnabled: boolean;
    /** Members need an aal2 session (ADR 040). */
    requireMfa: boolean;
    /** Session limits (ADR 042): idle timeout in minutes, maximum age in hours; null: none. */
    sessionIdleMinutes: number | null;
    sessionMaxHours: number | null;
    paidUntil: Date | null;
  } | null;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: AuthUser;
    caller: Caller;
    /** The request's ServiceContext, once built (server/lib/context.ts). */
    ctx: ServiceContext | undefined;
  };
}

export const factory = createFactory<AppEnv>();
