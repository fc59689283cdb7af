// The one scheduler (ADR 019): named periodic jobs shared by every server instance through the
// scheduled_jobs table. Each instance ticks every 30 s and runs the jobs that are due; a due job
// runs on one instance only.
import { and, count, eq, lte, sql } from 'drizzle-orm';
import { pruneUnknownAddresses, sweepExpiredMfa, sweepExpiredSso } from '../../auth-provider/index.ts';
import type { Db } from '../../db/client.ts';
import { notifications, scheduledJobs } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { sweepExpiredBudgets } from '../../lib/budgets.sql.ts';
import { sweepExpiredExportLinks } from '../data-export/index.ts';
import { errorForLog } from '../../lib/logger.ts';
import { purgeOldMutations } from '../sync/index.ts';
import { purgeDeletedOrganizationFiles } from '../admin/index.ts';
import { sweepUploadsEverywhere } from '../evidence/index.ts';
import { dispatchNotifications } from './dispatcher.ts';
import { actionDueReminders, certificationExpiryReminders, evidenceExpiryReminders, legalDeadlineReminders, reassessReminders } from './reminders.ts';

export type JobContext = Pick<ServiceContext, 'db' | 'env' | 'mailer' | 'logger' | 'storage' | 'metrics'>;

export interface JobDef {
  /** The scheduled_jobs row's key. */
  name: string;
  /** Run at most once per this period (across all instances). */
  everyMs: number;
  run(ctx: JobContext, now: Date): Promise<unknown>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every job, in the order a tick runs them: the reminder producers queue notifications, then the
 * dispatcher sends what is pending (so a reminder found due goes out in the same tick). Reminders
 * are day-based; running them hourly means a restart or a new day is caught within the hour.
 */
export const JOBS: readonly JobDef[] = [
  { name: 'reminders.legal_deadlines', everyMs: HOUR, run: legalDeadlineReminders },
  { name: 'reminders.reassess', everyMs: HOUR, run: reassessReminders },
  { name: 'reminders.evidence_expiry', everyMs: HOUR, run: evidenceExpiryReminders },
  { name: 'reminders.action_due', everyMs: HOUR, run: actionDueReminders },
  { name: 'reminders.certification_expiry', everyMs: HOUR, run: certificationExpiryReminders },
  { name: 'notifications.dispatch', everyMs: MINUTE, run: dispatchNotifications },
  // The sync ledger's old entries (server/features/sync/sync.retention.ts).
  {
    name: 'sync.purge_ledger',
    everyMs: 6 * HOUR,
    run: async (ctx, now) => {
      const count = await purgeOldMutations(ctx, now);
      if (count > 0) ctx.logger.info('purged old sync ledger entries', { count });
      return count;
    },
  },
  // Throttle state past its use: ended request-budget windows in rate_limits (server/lib/budgets.sql.ts;
  // none when REDIS_URL is set) and the counters of addresses without an account
  // (auth_unknown_addresses, server/auth-provider/auth.unknown-addresses.ts).
  {
    name: 'budgets.sweep_expired',
    everyMs: HOUR,
    run: async (ctx, now) => ({ budgets: await sweepExpiredBudgets(ctx.db, now), unknownAddresses: await pruneUnknownAddresses(ctx.db, now) }),
  },
  // Expired MFA challenges and never-verified factors of the embedded auth provider (ADR 039).
  { name: 'auth.mfa_sweep', everyMs: HOUR, run: async (ctx, now) => {
    await sweepExpiredSso(ctx.db, now);
    return sweepExpiredMfa(ctx.db, now);
  } },
  // Expired one-time export download links (server/features/data-export/export.download.ts).
  { name: 'export_links.sweep_expired', everyMs: HOUR, run: (ctx, now) => sweepExpiredExportLinks(ctx, now) },
  // Stored files of deleted organizations whose removal failed at deletion time (ADR 023).
  { name: 'storage.purge_deleted_organizations', everyMs: 15 * MINUTE, run: purgeDeletedOrganizationFiles },
  // Abandoned evidence uploads and stray presigned-upload objects of every organization (evidence.upload.service.ts).
  {
    name: 'evidence.sweep_uploads',
    everyMs: 24 * HOUR,
    run: async (ctx, now) => {
      const swept = await sweepUploadsEverywhere(ctx, now);
      if (swept.abandoned + swept.staging > 0) ctx.logger.info('swept abandoned evidence uploads', swept);
      return swept;
    },
  },
];

export const TICK_MS = 30_000;

/**
 * Claims a due job for this run, or returns false when it is not due or another instance has it.
 *
 * One statement: UPDATE ... SET next_run_at = now + every WHERE name = ? AND next_run_at <= now
 * RETURNING. On PostgreSQL (READ COMMITTED) a second instance's UPDATE of the same row waits for
 * the first to commit, then re-checks the WHERE against the committed row (next_run_at is now in
 * the future) and updates nothing, so exactly one instance gets the row back. The claim commits at
 * once: no lock or transaction is held while the job runs (the alternative, SELECT ... FOR UPDATE
 * SKIP LOCKED inside a transaction, is exactly-once only while that transaction stays open for the
 * whole run, holding a connection, and on PGlite's single connection it would block every other
 * query until the job ends). PGlite runs one statement at a time, so the same statement is
 * trivially exactly-once there. A job that fails is not retried before its next period; the
 * reminder jobs are idempotent (dedupe keys), so a later run catches up.
 */
async function claim(db: Db, job: JobDef, now: Date): Promise<boolean> {
  const rows = await db
    .update(scheduledJobs)
    .set({ nextRunAt: new Date(now.getTime() + job.everyMs), lastStartedAt: now, runs: sql`${scheduledJobs.runs} + 1` })
    .where(and(eq(scheduledJobs.name, job.name), lte(scheduledJobs.nextRunAt, now)))
    .returning({ name: scheduledJobs.name });
  return rows.length === 1;
}

export interface JobRun {
  name: string;
  ok: boolean;
  result?: unknown;
}

/**
 * Runs every job that is due at `now` and that this call claims (see claim); records
 * last_finished_at and last_error. Tests call it directly with an injected `now`. A job that
 * throws is logged and recorded; the others still run.
 */
export async function runDueJobs(ctx: JobContext, now: Date, jobs: readonly JobDef[] = JOBS): Promise<JobRun[]> {
  // A job seen for the first time is due at once.
  await ctx.db
    .insert(scheduledJobs)
    .values(jobs.map((j) => ({ name: j.name, nextRunAt: now })))
    .onConflictDoNothing({ target: scheduledJobs.name });
  const runs: JobRun[] = [];
  for (const job of jobs) {
    if (!(await claim(ctx.db, job, now))) continue;
    const started = Date.now();
    let run: JobRun;
    try {
      run = { name: job.name, ok: true, result: await job.run(ctx, now) };
    } catch (err) {
      ctx.logger.error('scheduled job failed', { job: job.name, error: errorForLog(err) });
      run = { name: job.name, ok: false };
      ctx.metrics.countJobRun(job.name, false);
      await recordFinish(ctx.db, job.name, new Date(now.getTime() + Date.now() - started), errorForLog(err).split('\n')[0]!.slice(0, 500));
      runs.push(run);
      continue;
    }
    await recordFinish(ctx.db, job.name, new Date(now.getTime() + Date.now() - started), null);
    ctx.metrics.countJobRun(job.name, true);
    runs.push(run);
  }
  await dispatchWhatThisRunQueued(ctx, now, jobs, runs);
  return runs;
}

/**
 * With several instances, another instance can claim this period's dispatch before this run's
 * reminder jobs have queued anything; the reminders would then wait for the next period. So a run
 * that queued reminders and did not dispatch sends them now. Safe alongside any other dispatcher:
 * each notification is claimed by one dispatcher only (dispatcher.ts), tests/jobs/two-instances.test.ts.
 */
async function dispatchWhatThisRunQueued(ctx: JobContext, now: Date, jobs: readonly JobDef[], runs: readonly JobRun[]): Promise<void> {
  const dispatch = jobs.find((j) => j.run === dispatchNotifications);
  const queued = runs.some((r) => r.ok && r.name.startsWith('reminders.') && typeof r.result === 'number' && r.result > 0);
  if (!dispatch || !queued || runs.some((r) => r.name === dispatch.name)) return;
  try {
    await dispatchNotifications(ctx, now);
  } catch (err) {
    ctx.logger.error('scheduled job failed', { job: dispatch.name, error: errorForLog(err) });
  }
}

async function recordFinish(db: Db, name: string, at: Date, error: string | null): Promise<void> {
  await db.update(scheduledJobs).set({ lastFinishedAt: at, lastError: error }).where(eq(scheduledJobs.name, name));
}

export interface Scheduler {
  /** Stops ticking and waits for a tick in progress to end. */
  stop(): Promise<void>;
}

/**
 * Ticks every TICK_MS (the first tick at once) until stopped. Ticks never overlap: the next is
 * timed after one ends. Timers are unref'd, so the scheduler alone never keeps the process alive.
 */
export function startScheduler(ctx: JobContext & Pick<ServiceContext, 'now'>, opts: { tickMs?: number; jobs?: readonly JobDef[] } = {}): Scheduler {
  const tickMs = opts.tickMs ?? TICK_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = runDueJobs(ctx, ctx.now(), opts.jobs)
      .then(
        () => undefined,
        (err: unknown) => ctx.logger.error('scheduler tick failed', { error: errorForLog(err) }),
      )
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(tick, tickMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(tick, 0);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

/**
 * The queues in the database, for the queue_depth gauge (server/lib/metrics.ts): notifications
 * waiting to be sent and scheduled jobs past their next run (a growing figure means no instance is
 * ticking).
 */
export async function queueDepths(ctx: Pick<ServiceContext, 'db'>, now: Date): Promise<Record<string, number>> {
  const { db } = ctx;
  const [[pending], [due]] = await Promise.all([
    db.select({ n: count() }).from(notifications).where(eq(notifications.status, 'pending')),
    db.select({ n: count() }).from(scheduledJobs).where(lte(scheduledJobs.nextRunAt, now)),
  ]);
  return { notifications_pending: pending?.n ?? 0, jobs_due: due?.n ?? 0 };
}
