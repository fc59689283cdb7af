// The one context every service takes first (ADR 036): what a request (or a job) may use from the
// outside world, and who is calling. Routers build it with serviceContext(c) / callerContext(c);
// jobs and tests build it with contextOf(deps). A service that needs less takes a
// Pick<ServiceContext, ...>, so a job or a test passes only what it uses.
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { notFound, unauthorized } from './app-error.ts';
import type { Budgets } from './budgets.ts';
import type { AppDeps, AppEnv, AuthAdminApi, Caller, TokenVerifier } from './factory.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mailer.ts';
import type { Metrics } from './metrics.ts';
import type { ObjectStore } from './storage/index.ts';

export interface ServiceContext {
  db: Db;
  /** The clock (injectable in tests). */
  now: () => Date;
  logger: Logger;
  mailer: Mailer;
  /** Where evidence bytes live (server/lib/storage, ADR 020). */
  storage: ObjectStore;
  /** Request budgets shared by every instance (server/lib/budgets.ts). */
  budgets: Budgets;
  env: Env;
  metrics: Metrics;
  /** Which provider verifies tokens: 'embedded' (server/auth-provider) or hosted 'supabase'. */
  tokens: Pick<TokenVerifier, 'kind'>;
  /** Admin operations of the embedded auth provider; absent with hosted Supabase. */
  authAdmin?: AuthAdminApi;
  /** The signed-in caller (requireProfile); absent in jobs and on routes before sign-in. */
  caller?: Caller;
}

/** The context of a signed-in caller. */
export type CallerContext = ServiceContext & { caller: Caller };

/** A caller inside an organization (every org-scoped feature). */
export type OrgCaller = Caller & { organizationId: string };
export type OrgContext = ServiceContext & { caller: OrgCaller };

/** The context from the app's dependencies; jobs and tests pass no caller. */
export function contextOf(deps: AppDeps, caller: Caller): CallerContext;
export function contextOf(deps: AppDeps, caller?: Caller): ServiceContext;
export function contextOf(deps: AppDeps, caller?: Caller): ServiceContext {
  const { db, now, logger, mailer, storage, budgets, env, metrics, authAdmin } = deps;
  return { db, now, logger, mailer, storage, budgets, env, metrics, tokens: deps.tokens, authAdmin, caller };
}

/** The request's context, built once per request (again only when requireProfile set the caller since). */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  const caller = c.get('caller') as Caller | undefined;
  const known = c.get('ctx');
  if (known && known.caller === caller) return known;
  const ctx = contextOf(c.var.deps, caller);
  c.set('ctx', ctx);
  return ctx;
}

/** The request's context on routes behind requireProfile; 401 without a caller. */
export function callerContext(c: Context<AppEnv>): CallerContext {
  const ctx = serviceContext(c);
  if (!ctx.caller) throw unauthorized();
  return ctx as CallerContext;
}

/** Narrows to a caller inside an organization; someone outside every organization (a system admin) gets 404. */
export function orgContext<T extends { caller: Caller }>(ctx: T): T & { caller: OrgCaller } {
  if (!ctx.caller.organizationId) throw notFound();
  return ctx as T & { caller: OrgCaller };
}
