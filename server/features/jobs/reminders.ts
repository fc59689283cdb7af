// Reminder producers (ADR 019): each finds what is due today and queues one notification per
// reminder through enqueueNotification, whose unique dedupe key makes a second run (or another
// server instance) a no-op. The dispatcher job (dispatcher.ts) sends them. "Today" is the UTC day
// of the injected clock. A missed day still sends the nearest lead once (reminderLeadDue).
//
// Who is reminded: org_admins for the organization's duties (legal dates, reassessment,
// certification); the uploader for an expiring file; the owner for a corrective action. Only
// active profiles of the organization, and only active organizations (a suspended one can read
// its data but not act on it, server/lib/caller.ts).
import { and, eq } from 'drizzle-orm';
import type { NotificationKind } from '#domain/contracts/enums.ts';
import { ACTION_REMINDER_DAYS, CERTIFICATION_REMINDER_DAYS, LEGAL_REMINDER_DAYS, reassessDueOn, reminderLeadDue } from '#domain/cycles/deadlines.ts';
import { daysBetween, EVIDENCE_REMINDER_DAYS, utcDay } from '#domain/evidence-freshness.ts';
import { citationOf } from '#domain/questions/sources.ts';
import type { Db } from '../../db/client.ts';
import { organizations, profiles } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/factory.ts';
import {
  APP_PATHS,
  loadActionDeadlines,
  loadCertificationDeadline,
  loadClockDeadlines,
  loadCycle,
  loadEvidenceDeadlines,
  REASSESS_SUGGESTION,
  type OrgRef,
} from './deadlines.service.ts';
import { isReportReleased } from '../actions/index.ts';
import { enqueueNotification } from '../../lib/notifications.ts';
import { appLink, reminderMail } from './reminder-mail.ts';

export type ReminderDeps = Pick<AppDeps, 'db' | 'env'>;

interface Recipient {
  id: string;
  email: string;
  firstName: string;
}

async function activeOrganizations(db: Db): Promise<OrgRef[]> {
  return db
    .select({ id: organizations.id, name: organizations.name, applicability: organizations.applicability })
    .from(organizations)
    .where(eq(organizations.status, 'active'));
}

async function orgAdmins(db: Db, organizationId: string): Promise<Recipient[]> {
  return db
    .select({ id: profiles.id, email: profiles.email, firstName: profiles.firstName })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.role, 'org_admin'), eq(profiles.status, 'active')));
}

/** The profile when it is an active member of the organization (an uploader or owner who left gets nothing). */
async function activeMember(db: Db, organizationId: string, profileId: string | null): Promise<Recipient | null> {
  if (!profileId) return null;
  const [p] = await db
    .select({ id: profiles.id, email: profiles.email, firstName: profiles.firstName })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, organizationId), eq(profiles.status, 'active')));
  return p ?? null;
}

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

async function queue(deps: ReminderDeps, org: OrgRef, to: Recipient, r: Reminder, today: string): Promise<boolean> {
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
    link: appLink(deps.env.APP_URL, r.path),
  });
  return enqueueNotification(deps.db, { dedupeKey: r.dedupeKey, organizationId: org.id, recipientId: to.id, recipientEmail: to.email, kind: r.kind, subject, body });
}

/** Runs `each` for every active organization; returns how many notifications were queued. */
async function forEachOrganization(deps: ReminderDeps, each: (org: OrgRef) => Promise<number>): Promise<number> {
  let queued = 0;
  for (const org of await activeOrganizations(deps.db)) queued += await each(org);
  return queued;
}

/**
 * Dates the law itself sets (HEA section 117: January 31 and July 31, owed only after a reportable
 * gift or contract, and worded so: clockOccurrences): every org_admin 30 and 7 days before. Duties
 * without a date in law (yearly per award, per application) and duties not yet in force get no
 * reminder. Key: legal_deadline:{orgId}:{code}:{date}:{lead}:{recipientId} (one per admin).
 */
export function legalDeadlineReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganization(deps, async (org) => {
    const due = (await loadClockDeadlines(deps.db, org, today)).filter((c) => c.occurrence.basis === 'fixed' && c.occurrence.dueOn);
    let queued = 0;
    const admins = due.length ? await orgAdmins(deps.db, org.id) : [];
    for (const c of due) {
      const dueOn = c.occurrence.dueOn!;
      const lead = reminderLeadDue(dueOn, today, LEGAL_REMINDER_DAYS);
      if (lead === null) continue;
      for (const admin of admins) {
        const ok = await queue(deps, org, admin, {
          dedupeKey: `legal_deadline:${org.id}:${c.code}:${dueOn}:${lead}:${admin.id}`,
          kind: 'legal_deadline',
          duty: c.clock.summary,
          sentence: c.occurrence.title,
          dueOn,
          verb: 'on',
          lines: [`Date: ${dueOn}.`, c.occurrence.detail, `Question ${c.code}. Source: ${citationOf(c.clock.source)}.`],
          path: c.assessmentId ? APP_PATHS.assessment(c.assessmentId, c.questionId) : APP_PATHS.dashboard,
        }, today);
        if (ok) queued++;
      }
    }
    return queued;
  });
}

/**
 * The suggested next assessment (the product's rhythm, not a legal duty), once the last submitted one is 90 days old: every org_admin, once per
 * submitted assessment (key reassess:{orgId}:{lastAssessmentId}:{recipientId}). An assessment in
 * progress does not stop it (it may be abandoned, and the duty stands until one is submitted): the
 * e-mail says one is in progress and links to it.
 */
export function reassessReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganization(deps, async (org) => {
    const cycle = await loadCycle(deps.db, org.id);
    if (!cycle.lastSubmitted) return 0;
    const dueOn = reassessDueOn(cycle.lastSubmitted.submittedOn);
    if (today < dueOn) return 0;
    let queued = 0;
    for (const admin of await orgAdmins(deps.db, org.id)) {
      const ok = await queue(deps, org, admin, {
        dedupeKey: `reassess:${org.id}:${cycle.lastSubmitted.id}:${admin.id}`,
        kind: 'reassess',
        duty: 'Suggested next assessment',
        dueOn,
        verb: ':',
        lines: [
          `${REASSESS_SUGGESTION} The last one was submitted on ${cycle.lastSubmitted.submittedOn}.`,
          cycle.inProgressId ? 'An assessment is in progress: finish and submit it.' : 'Start the next assessment from the dashboard.',
        ],
        path: cycle.inProgressId ? APP_PATHS.assessment(cycle.inProgressId) : APP_PATHS.assessmentNew,
      }, today);
      if (ok) queued++;
    }
    return queued;
  });
}

/**
 * Evidence files of the latest assessments that expire: the uploader 30, 7 and 1 days before.
 * Key evidence_expiry:{evidenceId}:{expiresOn}:{lead}, where evidenceId is the first row of the
 * file's carry chain, so a file carried into the next assessment is not reminded twice. An
 * expired file is not reminded again (reminderLeadDue is null after the date).
 */
export function evidenceExpiryReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganization(deps, async (org) => {
    let queued = 0;
    for (const e of await loadEvidenceDeadlines(deps.db, await loadCycle(deps.db, org.id))) {
      const lead = reminderLeadDue(e.expiresOn, today, EVIDENCE_REMINDER_DAYS);
      if (lead === null) continue;
      const to = await activeMember(deps.db, org.id, e.uploadedBy);
      if (!to) continue;
      const ok = await queue(deps, org, to, {
        dedupeKey: `evidence_expiry:${e.rootId}:${e.expiresOn}:${lead}`,
        kind: 'evidence_expiry',
        duty: `The evidence file "${e.fileName}" you uploaded`,
        dueOn: e.expiresOn,
        verb: 'counts until',
        lines: [`It is evidence for question ${e.code}. After that day it is expired and satisfies no evidence rule: upload a current version.`],
        path: APP_PATHS.assessment(e.assessmentId, e.questionId),
      }, today);
      if (ok) queued++;
    }
    return queued;
  });
}

/**
 * Open corrective actions: the owner 7 and 1 days before the target date (key
 * action_due:{actionId}:{targetDay}:{lead}); only for a paid organization, whose action plan is
 * released (ADR 012: target dates are part of the paid report).
 */
export function actionDueReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganization(deps, async (org) => {
    if (!(await isReportReleased(deps.db, org.id, now))) return 0;
    let queued = 0;
    for (const a of await loadActionDeadlines(deps.db, org.id)) {
      const lead = reminderLeadDue(a.targetDay, today, ACTION_REMINDER_DAYS);
      if (lead === null) continue;
      const to = await activeMember(deps.db, org.id, a.ownerId);
      if (!to) continue;
      const ok = await queue(deps, org, to, {
        dedupeKey: `action_due:${a.id}:${a.targetDay}:${lead}`,
        kind: 'action_due',
        duty: `Corrective action ${a.code}, assigned to you,`,
        dueOn: a.targetDay,
        verb: 'is due on',
        lines: [a.action],
        path: APP_PATHS.actionPlan,
      }, today);
      if (ok) queued++;
    }
    return queued;
  });
}

/** The current certification: every org_admin 30 days before it expires (key certification_expiry:{certId}:30:{recipientId}). */
export function certificationExpiryReminders(deps: ReminderDeps, now: Date): Promise<number> {
  const today = utcDay(now);
  return forEachOrganization(deps, async (org) => {
    const cert = await loadCertificationDeadline(deps.db, org.id, now);
    if (!cert || cert.expired) return 0;
    const lead = reminderLeadDue(cert.expiresOn, today, CERTIFICATION_REMINDER_DAYS);
    if (lead === null) return 0;
    let queued = 0;
    for (const admin of await orgAdmins(deps.db, org.id)) {
      const ok = await queue(deps, org, admin, {
        dedupeKey: `certification_expiry:${cert.id}:${lead}:${admin.id}`,
        kind: 'certification_expiry',
        duty: 'Your self-certification',
        dueOn: cert.expiresOn,
        verb: 'expires on',
        lines: ['Certify a passing assessment again before then to keep a current record.'],
        path: APP_PATHS.certification,
      }, today);
      if (ok) queued++;
    }
    return queued;
  });
}
