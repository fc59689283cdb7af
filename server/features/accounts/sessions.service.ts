// The caller's own sessions (ADR 042): listed with their device, coarse place and last use, and
// ended one by one or all but the current one. The sessions live in the embedded auth provider,
// which ends and audits them (AuthAdminApi.listSessions, endSession); with hosted Supabase there
// is no session list to read here (409 with SESSION_MSG.sessionsUnavailable).
import type { AccountSessionsResponse, EndSessionsResponse } from '#domain/contracts/sessions.ts';
import { SESSION_MSG } from '#domain/session-messages.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { deviceOfUserAgent, placeOfIp } from '../../lib/client-labels.ts';
import type { CallerContext } from '../../lib/context.ts';
import type { AuthAdminApi } from '../../lib/factory.ts';

type SessionAdmin = Required<Pick<AuthAdminApi, 'listSessions' | 'endSession'>>;

function sessionAdmin(ctx: Pick<CallerContext, 'authAdmin'>): SessionAdmin {
  const admin = ctx.authAdmin;
  if (!admin?.listSessions || !admin.endSession) throw new AppError(409, 'conflict', SESSION_MSG.sessionsUnavailable);
  return { listSessions: admin.listSessions.bind(admin), endSession: admin.endSession.bind(admin) };
}

export async function listOwnSessions(ctx: CallerContext, currentSessionId: string | null): Promise<AccountSessionsResponse> {
  const rows = await sessionAdmin(ctx).listSessions(ctx.caller.id);
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      current: r.id === currentSessionId,
      created_at: r.createdAt.toISOString(),
      last_active_at: r.lastActiveAt.toISOString(),
      ip: r.ip,
      place: placeOfIp(r.ip),
      user_agent: r.userAgent,
      device: deviceOfUserAgent(r.userAgent),
      method: r.method,
      aal: r.aal === 'aal2' ? 'aal2' : 'aal1',
    })),
  };
}

/** Ends one of the caller's other sessions; the current one ends by signing out. Another user's session is the same 404 as none. */
export async function endOwnSession(ctx: CallerContext, currentSessionId: string | null, sessionId: string): Promise<EndSessionsResponse> {
  if (sessionId === currentSessionId) throw badRequest(SESSION_MSG.currentSessionHint);
  if (!(await sessionAdmin(ctx).endSession(ctx.caller.id, sessionId, ctx.caller.id))) throw notFound(SESSION_MSG.sessionNotFound);
  return { message: SESSION_MSG.sessionEnded, ended: 1 };
}

/** Ends every session of the caller but the current one, each audited. */
export async function endOtherSessions(ctx: CallerContext, currentSessionId: string | null): Promise<EndSessionsResponse> {
  const admin = sessionAdmin(ctx);
  let ended = 0;
  for (const s of await admin.listSessions(ctx.caller.id)) {
    if (s.id !== currentSessionId && (await admin.endSession(ctx.caller.id, s.id, ctx.caller.id))) ended++;
  }
  return { message: SESSION_MSG.otherSessionsEnded(ended), ended };
}
