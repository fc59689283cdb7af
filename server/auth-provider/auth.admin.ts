import { and, desc, eq } from 'drizzle-orm';
import { authMfaFactors, authSessions, authUsers } from '../db/schema/index.ts';
import type { AuthAdmin } from '../db/seed.ts';
import type { AuthContext } from './auth.context.ts';
import { AuthError } from './auth.errors.ts';
import { checkNewPassword, hashLog2N } from './auth.passwords.ts';
import { endOneSession, endSessions } from './auth.sessions.ts';
import { recordAuthEvent } from './auth.audit.ts';
import type { AuthSessionSummary, SessionEndReason } from '../lib/factory.ts';
import { findUserByEmail, findUserById, insertUser, normalizeEmail, toUserJson, type UserJson } from './auth.users.ts';
import { isUuid } from '../lib/validator.ts';

export interface NewUser {
  email: string;
  password: string;
  userMetadata: Record<string, unknown>;
}

/** Server-side user management for the embedded provider (seed, invitations, disabling users). */
export interface EmbeddedAuthAdmin extends AuthAdmin {
  /** Creates a confirmed user; throws AuthError 422 user_already_exists when the e-mail is taken. */
  createUser(input: NewUser): Promise<UserJson>;
  getUserById(id: string): Promise<UserJson | null>;
  getUserByEmail(email: string): Promise<UserJson | null>;
  /** Bans until the given instant (null lifts the ban) and ends every session of the user. */
  banUser(id: string, until: Date | null, why?: SessionEndReason): Promise<void>;
  /** Deletes the user with all sessions, tokens and links. */
  deleteUser(id: string): Promise<void>;
  /** Ends every session (all refresh tokens stop working; access tokens are rejected by the verifier). */
  signOutUser(id: string, why?: SessionEndReason): Promise<void>;
  listSessions(userId: string): Promise<AuthSessionSummary[]>;
  endSession(userId: string, sessionId: string, actorId: string): Promise<boolean>;
  /** Deletes every MFA factor of the user and ends their aal2 sessions (ADR 040; audited by the caller). */
  resetFactors(id: string): Promise<{ factors: number; sessions: number }>;
  /** Seals an SSO client secret for storage (ADR 043), the provider's id as associated data. */
  sealSecret(plain: string, aad: string): string;
  /** Resolves once the mail work started after earlier answers (recover, resend) has finished. */
  idle(): Promise<void>;
}

export function createAuthAdmin(ctx: AuthContext): EmbeddedAuthAdmin {
  const { db } = ctx;
  /** Every session of the user, audited as one auth.session_ended row when there were any. */
  const endAll = async (userId: string, why: SessionEndReason) => {
    const ended = await endSessions(db, userId, null, 'global');
    if (ended === 0) return;
    await recordAuthEvent(ctx, { action: 'auth.session_ended', userId, actorId: why.actorId, detail: { by: 'admin', reason: why.reason, ended_sessions: ended } });
  };
  const createUser = async (input: NewUser) => {
    checkNewPassword(input.password);
    return toUserJson(await insertUser(db, { ...input, email: normalizeEmail(input.email) }, ctx.now(), null, hashLog2N(ctx.env)));
  };
  return {
    createUser,
    async ensureUser(input) {
      const existing = await findUserByEmail(db, input.email);
      if (existing) return { id: existing.id, created: false };
      try {
        return { id: (await createUser(input)).id, created: true };
      } catch (err) {
        const raced = err instanceof AuthError && err.code === 'user_already_exists' && (await findUserByEmail(db, input.email));
        if (raced) return { id: raced.id, created: false };
        throw err;
      }
    },
    getUserById: async (id) => {
      const user = await findUserById(db, id);
      return user ? toUserJson(user) : null;
    },
    getUserByEmail: async (email) => {
      const user = await findUserByEmail(db, email);
      return user ? toUserJson(user) : null;
    },
    async banUser(id, until, why) {
      if (!isUuid(id)) return;
      await db.update(authUsers).set({ bannedUntil: until, updatedAt: ctx.now() }).where(eq(authUsers.id, id));
      if (until) await endAll(id, why ?? { actorId: null, reason: 'suspended' });
    },
    async deleteUser(id) {
      if (!isUuid(id)) return;
      await db.delete(authUsers).where(eq(authUsers.id, id));
    },
    signOutUser: async (id, why) => {
      if (isUuid(id)) await endAll(id, why ?? { actorId: null, reason: 'signed_out_by_admin' });
    },
    async listSessions(userId) {
      if (!isUuid(userId)) return [];
      const rows = await db.select().from(authSessions).where(eq(authSessions.userId, userId)).orderBy(desc(authSessions.lastActiveAt), desc(authSessions.id));
      return rows.map((r) => ({ id: r.id, createdAt: r.createdAt, lastActiveAt: r.lastActiveAt, ip: r.ip, userAgent: r.userAgent, method: r.amr, aal: r.aal }));
    },
    endSession: async (userId, sessionId, actorId) =>
      isUuid(userId) && isUuid(sessionId) && endOneSession(ctx, userId, sessionId, { by: actorId === userId ? 'user' : 'admin', reason: 'ended_from_session_list', actorId }),
    async resetFactors(id) {
      if (!isUuid(id)) return { factors: 0, sessions: 0 };
      return db.transaction(async (tx) => {
        // The sessions first: a session verified with a factor would otherwise survive at aal2
        // with factor_id set null (auth_sessions.factor_id ON DELETE SET NULL). aal1 sessions stay:
        // under a policy they only reach the enrol and verify endpoints (ADR 040).
        const sessions = await tx
          .delete(authSessions)
          .where(and(eq(authSessions.userId, id), eq(authSessions.aal, 'aal2')))
          .returning({ id: authSessions.id });
        const factors = await tx.delete(authMfaFactors).where(eq(authMfaFactors.userId, id)).returning({ id: authMfaFactors.id });
        return { factors: factors.length, sessions: sessions.length };
      });
    },
    sealSecret: (plain, aad) => ctx.secrets.seal(plain, aad),
    idle: () => ctx.background.idle(),
  };
}
