// One corrective action plan across assessments (ADR 019): the pure rules. An action follows its
// gap by the question's stable code: it is carried into every later assessment in which the gap is
// still open, closes itself when the gap closes, and is closed or reopened by a person.
import type { ActionStatus } from '../contracts/enums.ts';
import { utcDay } from '../dates.ts';
import { stripControlChars } from '../text.ts';

/** open and in_progress are open; done is closed. */
export const isClosedStatus = (status: ActionStatus): boolean => status === 'done';

// ---------- at submit ----------

/** What happens to an open action at the submit of a later assessment of the same organization. */
export type ActionFate = 'carry' | 'close' | 'untouched';

/**
 * By the answer to its question (matched by code) in the submitted assessment:
 * answered No: the gap is still open, the same action carries into it;
 * answered Yes: the gap closed, so does the action;
 * not asked (the applicability profile changed) or unanswered: left as it is.
 */
export function fateAtSubmit(answer: 'yes' | 'no' | undefined): ActionFate {
  if (answer === 'no') return 'carry';
  if (answer === 'yes') return 'close';
  return 'untouched';
}

export interface PlanAtSubmitDecision {
  /** Open actions whose gap is still open: same row, latest assessment = the submitted one. */
  carry: string[];
  /** Open actions whose question was answered Yes: closed automatically. */
  close: string[];
  /** Codes answered No with no open action to carry: a new action each. */
  open: string[];
}

/**
 * The plan at submit: `openActions` are the organization's actions not closed (open, in progress),
 * `answers` the submitted assessment's answers by question code (a code not there was not asked).
 */
export function decidePlanAtSubmit(openActions: readonly { id: string; code: string }[], answers: ReadonlyMap<string, 'yes' | 'no'>): PlanAtSubmitDecision {
  const carry: string[] = [];
  const close: string[] = [];
  const carried = new Set<string>();
  for (const a of openActions) {
    const fate = fateAtSubmit(answers.get(a.code));
    if (fate === 'carry') {
      carry.push(a.id);
      carried.add(a.code);
    } else if (fate === 'close') close.push(a.id);
  }
  const open = [...answers].filter(([code, answer]) => answer === 'no' && !carried.has(code)).map(([code]) => code);
  return { carry, close, open };
}

/** The note of an action closed because its question was answered Yes. */
export const autoCloseNote = (submittedAt: Date): string => `Closed automatically: answered Yes in the assessment submitted on ${utcDay(submittedAt)}`;

// ---------- edits by a person ----------

export interface Closure {
  closedAt: Date | null;
  closedNote: string | null;
  closedInAssessmentId: string | null;
}

/**
 * The closure an edit leaves: marked done (from open or in progress) closes it now with the editor's
 * notes, or "Marked done by NAME" without notes; moved back from done reopens it (closure cleared);
 * otherwise null (the closure stays as it is).
 */
export function closureAfterEdit(from: ActionStatus, to: ActionStatus | undefined, ctx: { now: Date; notes: string; editorName: string }): Closure | null {
  if (to === undefined || isClosedStatus(to) === isClosedStatus(from)) return null;
  if (!isClosedStatus(to)) return { closedAt: null, closedNote: null, closedInAssessmentId: null };
  return { closedAt: ctx.now, closedNote: ctx.notes.trim() || `Marked done by ${ctx.editorName}`, closedInAssessmentId: null };
}

/** Overdue: not closed and its target date has passed. */
export function isOverdue(a: { status: ActionStatus; target_date: string | null }, now: Date): boolean {
  return !isClosedStatus(a.status) && a.target_date !== null && Date.parse(a.target_date) < now.getTime();
}

// ---------- assignment notice ----------

/**
 * A profile id as stored: uuids compare without regard to case (RFC 9562 section 4: hex digits are
 * case-insensitive on input), and PostgreSQL prints them lower-case, so "ABC..." and "abc..." name
 * the same member.
 */
export const normalizeId = (id: string) => id.trim().toLowerCase();

/** A notice goes to a new owner who is not the editor assigning it to themselves (ids compared normalized). */
export function notifiesNewOwner(a: { previousOwnerId: string | null; ownerId: string | null | undefined; editorId: string }): a is { previousOwnerId: string | null; ownerId: string; editorId: string } {
  if (!a.ownerId) return false;
  const owner = normalizeId(a.ownerId);
  return owner !== (a.previousOwnerId === null ? null : normalizeId(a.previousOwnerId)) && owner !== normalizeId(a.editorId);
}

/**
 * Once per action and owner: assigning the same member again later (after someone else held it,
 * or by re-saving) sends nothing new, so edits cannot turn the notice into a stream of e-mails.
 */
export const assignmentDedupeKey = (actionId: string, ownerId: string) => `action_assigned:${normalizeId(actionId)}:${normalizeId(ownerId)}`;

export interface AssignmentNoticeInput {
  code: string;
  action: string;
  questionText: string;
  targetDate: string | null;
  assignerName: string;
  /** Absolute link to the action plan page. */
  link: string;
}

/** Subject and plain-text body of the assignment e-mail (names and texts on one line each). */
export function assignmentNotice(n: AssignmentNoticeInput): { subject: string; body: string } {
  const oneLine = (s: string) => stripControlChars(s.replace(/\s+/g, ' ')).trim();
  const due = n.targetDate ? utcDay(new Date(n.targetDate)) : 'no due date';
  return {
    subject: oneLine(`Corrective action assigned to you: ${n.code}`),
    body: [
      `${oneLine(n.assignerName)} assigned a corrective action to you.`,
      '',
      `${oneLine(n.code)}: ${oneLine(n.action)}`,
      `Question: ${oneLine(n.questionText)}`,
      `Due: ${due}`,
      '',
      'Open the action plan to update its status and notes:',
      n.link,
    ].join('\n'),
  };
}

// ---------- the plan, filtered ----------

export interface ActionFilter {
  status: 'open' | 'closed' | 'all';
  ownerId?: string;
  domainId?: string;
  overdue?: 'true' | 'false';
}

/** Whether an action of the plan passes the filter (status open = open or in progress). */
export function matchesActionFilter(a: { status: ActionStatus; owner_id: string | null; domain_id: string; overdue: boolean }, f: ActionFilter): boolean {
  if (f.status === 'open' && isClosedStatus(a.status)) return false;
  if (f.status === 'closed' && !isClosedStatus(a.status)) return false;
  if (f.ownerId !== undefined && a.owner_id !== f.ownerId) return false;
  if (f.domainId !== undefined && a.domain_id !== f.domainId) return false;
  if (f.overdue !== undefined && a.overdue !== (f.overdue === 'true')) return false;
  return true;
}

// ---------- one assessment's list ----------

/**
 * An action belongs to a submitted assessment's plan when it was opened in it, or opened earlier and
 * carried into it or later (its gap was open in every assessment from its opening to its latest).
 */
export function isInAssessment(
  a: { assessmentId: string; openedAt: Date | null; latestAt: Date | null },
  assessment: { id: string; submittedAt: Date },
): boolean {
  if (a.assessmentId === assessment.id) return true;
  if (!a.openedAt || !a.latestAt) return false;
  const t = assessment.submittedAt.getTime();
  return a.openedAt.getTime() <= t && t <= a.latestAt.getTime();
}
