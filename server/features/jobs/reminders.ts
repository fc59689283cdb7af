// Reminder producers (ADR 019): each finds what is due today and queues one notification per
// reminder through enqueueNotifications, whose unique dedupe key makes a second run (or another
// server instance) a no-op. The dispatcher job (dispatcher.ts) sends them. "Today" is the UTC day
// of the injected clock. A missed day still sends the nearest lead once (reminderLeadDue).
//
// Who is reminded: org_admins for the organization's duties (legal dates, reassessment,
// certification); the uploader for an expiring file; the owner for a corrective action. Only
// active profiles of the organization, and only active organizations (a suspended one can read
// its data but not act on it, server/lib/caller.ts).
//
// Set-based (docs/decisions/019-quarterly-cycles.md, jobs and reminders): a job walks the active
// organizations in keyset batches of ORG_BATCH by id and reads each batch's facts with a fixed
// number of statements (the *Of loaders of server/features/deadlines, which GET /api/deadlines reads
// through too), then queues the batch's reminders in bulk. A pass costs a few statements per ORG_BATCH organizations, not per
// organization, and every statement commits on its own: no transaction is held.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { NotificationKind } from '#domain/contracts/enums.ts';
import { ACTION_REMINDER_DAYS, CERTIFICATION_REMINDER_DAYS, LEGAL_REMINDER_DAYS, reassessDueOn, reminderLeadDue } from '#domain/cycles/deadlines.ts';
import { daysBetween, utcDay } from '#domain/dates.ts';
import { EVIDENCE_REMINDER_DAYS } from '#domain/evidence-freshness.ts';
import { citationOf } from '#domain/questions/sources.ts';
import type { Db } from '../../db/client.ts';
import { organizations, profiles } from '../../db/schema/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import {
  APP_PATHS,
  clockDeadlinesOf,
  loadActionDeadlinesOf,
  loadCertificationDeadlinesOf,
  loadClockQuestionsOf,
  loadCycles,
  loadEvidenceDeadlinesOf,
  REASSESS_SUGGESTION,
  type OrgRef,
} from '../deadlines/index.ts';
import { isPaidAt } from '../actions/index.ts';
import { enqueueNotifications, type NotificationInput } from '../../lib/notifications.ts';
import { appLink, reminderMail } from './reminder-mail.ts';

export type ReminderContext = Pick<ServiceContext, 'db' | 'env'>;

/** Active organizations read and reminded per batch (keyset on organizations.id). */
export const ORG_BATCH = 500;

interface Recipient {
  id: string;
  email: string;
  firstName: string;
}

interface OrgRow extends OrgRef {
  paidUntil: Date | null;
}

/** The next ORG_BATCH active organizations after `afterId`, by id. */
async function activeOrganizationsAfter(db: Db, afterId: string | null): Promise<OrgRow[]> {
  const active = eq(organizations.status, 'active');
  return db
    .select({ id: organizations.id, name: organizations.name, applicability: organizations.applicability, paidUntil: organizations.paidUntil })
    .from(organizations)
    .where(afterId ? and(active, gt(organizations.id, afterId)) : active)
    .orderBy(asc(organizations.id))
    .limit(ORG_BATCH);
}

/** The active org_admins of each organization (one statement). */
async function orgAdminsOf(db: Db, organizationIds: readonly string[]): Promise<Map<string, Recipient[]>> {
  const out = new Map<string, Recipient[]>();
  if (!organizationIds.length) return out;
  const rows = await db
    .select({ organizationId: profiles.organizationId, id: profiles.id, email: profiles.email, firstName: profiles.firstName })
    .from(profiles)
    .where(and(inArray(profiles.organizationId, [...organizationIds]), eq(profiles.role, 'org_admin'), eq(profiles.status, 'active')));
  for (const { organizationId, ...r } of rows) {
    const list = out.get(organizationId!);
    if (list) list.push(r);
    else out.set(organizationId!, [r]);
  }
  return out;
}

/**
 * The profiles among `ids` that are active, with their organization (one statement); a reminder goes
 * to one only when it is a member of the organization the reminder is about (member below): an
 * uploader or owner who left gets nothing.
 */
async function activeProfiles(db: Db, ids: readonly (string | null)[]): Promise<Map<string, Recipient & { organizationId: string | null }>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: profiles.id, email: profiles.email, firstName: profiles.firstName, organizationId: profiles.organizationId })
    .from(profiles)
    .where(and(inArray(profiles.id, wanted), eq(profiles.status, 'active')));
  return new Map(rows.map((p) => [p.id, p]));
}

const member = (people: Map<string, Recipient & { organizationId: string | null }>, organizationId: string, profileId: string | null): Recipient | null => {
  const p = profileId ? people.get(profileId) : undefined;
  return p && p.organizationId === organizationId ? { id: p.id, email: p.email, firstName: p.firstName } : null;
};

interface Reminder {
  dedupeKey: string;
  kind: NotificationKind;
  duty: string;
  sentence?: string;
  dueOn: string;
  verb: string;
  lines: string[];
  path: string;
}

/** One reminder to one person of one organization. */
interface Due {
  org: OrgRef;
  to: Recipient;
  reminder: Reminder;
}

function notificationOf(ctx: ReminderContext, { org, to, reminder: r }: Due, today: string): NotificationInput {
  const left = daysBetween(today, r.dueOn);
  const { subject, body } = reminderMail({
    daysLeft: left >= 0 ? left : null,
    organizationName: org.name,
    recipientName: to.firstName,
    duty: r.duty,
    sentence: r.sentence,
    dueOn: r.dueOn,
    verb: r.verb,
    lines: r.lines,
    link: appLink(ctx.env.APP_URL, r.path),
  });
  return { dedupeKey: r.dedupeKey, organizationId: org.id, recipientId: to.id, recipientEmail: to.email, kind: r.kind, subject, body };
}

/**
 * Runs `due` for every batch of active organizations and queues what it returns; returns how many
 * notifications were new. A key seen twice in one pass is queued once.
 */
async function forEachOrganizationBatch(ctx: ReminderContext, today: string, due: (orgs: OrgRow[]) => Promise<Due[]>): Promise<number> {
  let queued = 0;
  let after: string | null = null;
  for (;;) {
    const orgs = await activeOrganizationsAfter(ctx.db, after);
    if (!orgs.length) break;
    const seen = new Set<string>();
    const list = (await due(orgs)).filter((d) => !seen.has(d.reminder.dedupeKey) && !!seen.add(d.reminder.dedupeKey));
    queued += await enqueueNotifications(ctx.db, list.map((d) => notificationOf(ctx, d, today)));
    if (orgs.length < ORG_BATCH) break;
    after = orgs[orgs.length - 1]!.id;
  }
  return queued;
}

/**
 * Dates the law itself sets (HEA section 117: January 31 and July 31, owed only after a reportable
 * gift or contract, and worded so: clockOccurrences): every org_admin 30 and 7 days before. Duties
 * without a date in law (yearly per award, per application) and duties not yet in force get no
 * reminder. Key: legal_deadline:{orgId}:{code}:{date}:{lead}:{recipientId} (one per admin).
 */
export function legalDeadlineReminders(ctx: ReminderContext, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganizationBatch(ctx, today, async (orgs) => {
    const cycles = await loadCycles(ctx, orgs.map((o) => o.id));
    const clocks = await loadClockQuestionsOf(ctx, orgs.map((org) => ({ org, latestId: cycles.get(org.id)!.latestId })));
    const dueOf = new Map(orgs.map((org) => [org.id, clockDeadlinesOf(clocks.get(org.id) ?? [], today).filter((c) => c.occurrence.basis === 'fixed' && c.occurrence.dueOn)]));
    const admins = await orgAdminsOf(ctx.db, orgs.filter((o) => dueOf.get(o.id)!.length).map((o) => o.id));
    return orgs.flatMap((org) =>
      dueOf.get(org.id)!.flatMap((c) => {
        const dueOn = c.occurrence.dueOn!;
        const lead = reminderLeadDue(dueOn, today, LEGAL_REMINDER_DAYS);
        if (lead === null) return [];
        return (admins.get(org.id) ?? []).map((admin) => ({
          org,
          to: admin,
          reminder: {
            dedupeKey: `legal_deadline:${org.id}:${c.code}:${dueOn}:${lead}:${admin.id}`,
            kind: 'legal_deadline' as const,
            duty: c.clock.summary,
            sentence: c.occurrence.title,
            dueOn,
            verb: 'on',
            lines: [`Date: ${dueOn}.`, c.occurrence.detail, `Question ${c.code}. Source: ${citationOf(c.clock.source)}.`],
            path: c.assessmentId ? APP_PATHS.assessment(c.assessmentId, c.questionId) : APP_PATHS.dashboard,
          },
        }));
      }),
    );
  });
}

/**
 * The suggested next assessment (the product's rhythm, not a legal duty), once the last submitted one is 90 days old: every org_admin, once per
 * submitted assessment (key reassess:{orgId}:{lastAssessmentId}:{recipientId}). An assessment in
 * progress does not stop it (it may be abandoned, and the duty stands until one is submitted): the
 * e-mail says one is in progress and links to it.
 */
export function reassessReminders(ctx: ReminderContext, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganizationBatch(ctx, today, async (orgs) => {
    const cycles = await loadCycles(ctx, orgs.map((o) => o.id));
    const due = orgs.filter((org) => {
      const last = cycles.get(org.id)!.lastSubmitted;
      return last && today >= reassessDueOn(last.submittedOn);
    });
    const admins = await orgAdminsOf(ctx.db, due.map((o) => o.id));
    return due.flatMap((org) => {
      const cycle = cycles.get(org.id)!;
      const last = cycle.lastSubmitted!;
      return (admins.get(org.id) ?? []).map((admin) => ({
        org,
        to: admin,
        reminder: {
          dedupeKey: `reassess:${org.id}:${last.id}:${admin.id}`,
          kind: 'reassess' as const,
          duty: 'Suggested next assessment',
          dueOn: reassessDueOn(last.submittedOn),
          verb: ':',
          lines: [
            `${REASSESS_SUGGESTION} The last one was submitted on ${last.submittedOn}.`,
            cycle.inProgressId ? 'An assessment is in progress: finish and submit it.' : 'Start the next assessment from the dashboard.',
          ],
          path: cycle.inProgressId ? APP_PATHS.assessment(cycle.inProgressId) : APP_PATHS.assessmentNew,
        },
      }));
    });
  });
}

/**
 * Evidence files of the latest assessments that expire: the uploader 30, 7 and 1 days before.
 * Key evidence_expiry:{evidenceId}:{expiresOn}:{lead}, where evidenceId is the first row of the
 * file's carry chain, so a file carried into the next assessment is not reminded twice. An
 * expired file is not reminded again (reminderLeadDue is null after the date).
 */
export function evidenceExpiryReminders(ctx: ReminderContext, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganizationBatch(ctx, today, async (orgs) => {
    const cycles = await loadCycles(ctx, orgs.map((o) => o.id));
    const files = await loadEvidenceDeadlinesOf(ctx, orgs.map((o) => cycles.get(o.id)!));
    const due = orgs.flatMap((org, i) =>
      files[i]!.flatMap((e) => {
        const lead = reminderLeadDue(e.expiresOn, today, EVIDENCE_REMINDER_DAYS);
        return lead === null ? [] : [{ org, e, lead }];
      }),
    );
    const people = await activeProfiles(ctx.db, due.map((d) => d.e.uploadedBy));
    return due.flatMap(({ org, e, lead }) => {
      const to = member(people, org.id, e.uploadedBy);
      if (!to) return [];
      return [
        {
          org,
          to,
          reminder: {
            dedupeKey: `evidence_expiry:${e.rootId}:${e.expiresOn}:${lead}`,
            kind: 'evidence_expiry' as const,
            duty: `The evidence file "${e.fileName}" you uploaded`,
            dueOn: e.expiresOn,
            verb: 'counts until',
            lines: [`It is evidence for question ${e.code}. After that day it is expired and satisfies no evidence rule: upload a current version.`],
            path: APP_PATHS.assessment(e.assessmentId, e.questionId),
          },
        },
      ];
    });
  });
}

/**
 * Open corrective actions: the owner 7 and 1 days before the target date (key
 * action_due:{actionId}:{targetDay}:{lead}); only for a paid organization, whose action plan is
 * released (ADR 012: target dates are part of the paid report).
 */
export function actionDueReminders(ctx: ReminderContext, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganizationBatch(ctx, today, async (orgs) => {
    const paid = orgs.filter((org) => isPaidAt(org.paidUntil, now));
    const actions = await loadActionDeadlinesOf(ctx, paid.map((o) => o.id));
    const due = paid.flatMap((org) =>
      (actions.get(org.id) ?? []).flatMap((a) => {
        const lead = reminderLeadDue(a.targetDay, today, ACTION_REMINDER_DAYS);
        return lead === null ? [] : [{ org, a, lead }];
      }),
    );
    const people = await activeProfiles(ctx.db, due.map((d) => d.a.ownerId));
    return due.flatMap(({ org, a, lead }) => {
      const to = member(people, org.id, a.ownerId);
      if (!to) return [];
      return [
        {
          org,
          to,
          reminder: {
            dedupeKey: `action_due:${a.id}:${a.targetDay}:${lead}`,
            kind: 'action_due' as const,
            duty: `Corrective action ${a.code}, assigned to you,`,
            dueOn: a.targetDay,
            verb: 'is due on',
            lines: [a.action],
            path: APP_PATHS.actionPlan,
          },
        },
      ];
    });
  });
}

/** The current certification: every org_admin 30 days before it expires (key certification_expiry:{certId}:30:{recipientId}). */
export function certificationExpiryReminders(ctx: ReminderContext, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganizationBatch(ctx, today, async (orgs) => {
    const certs = await loadCertificationDeadlinesOf(ctx, orgs.map((o) => o.id), now);
    const due = orgs.flatMap((org) => {
      const cert = certs.get(org.id);
      if (!cert || cert.expired) return [];
      const lead = reminderLeadDue(cert.expiresOn, today, CERTIFICATION_REMINDER_DAYS);
      return lead === null ? [] : [{ org, cert, lead }];
    });
    const admins = await orgAdminsOf(ctx.db, due.map((d) => d.org.id));
    return due.flatMap(({ org, cert, lead }) =>
      (admins.get(org.id) ?? []).map((admin) => ({
        org,
        to: admin,
        reminder: {
          dedupeKey: `certification_expiry:${cert.id}:${lead}:${admin.id}`,
          kind: 'certification_expiry' as const,
          duty: 'Your self-certification',
          dueOn: cert.expiresOn,
          verb: 'expires on',
          lines: ['Certify a passing assessment again before then to keep a current record.'],
          path: APP_PATHS.certification,
        },
      })),
    );
  });
}
