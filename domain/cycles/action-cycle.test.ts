import { describe, expect, it } from 'vitest';
import {
  assignmentDedupeKey,
  assignmentNotice,
  autoCloseNote,
  closureAfterEdit,
  decidePlanAtSubmit,
  fateAtSubmit,
  isInAssessment,
  isOverdue,
  matchesActionFilter,
  notifiesNewOwner,
} from './action-cycle.ts';

const NOW = new Date('2026-06-15T12:00:00.000Z');

describe('the plan at submit', () => {
  it('carries on No, closes on Yes, leaves an unasked question alone', () => {
    expect(fateAtSubmit('no')).toBe('carry');
    expect(fateAtSubmit('yes')).toBe('close');
    expect(fateAtSubmit(undefined)).toBe('untouched');
  });

  it('opens a new action only for a gap with no open action', () => {
    const open = [
      { id: 'a1', code: 'CI-01' },
      { id: 'a2', code: 'CI-02' },
      { id: 'a3', code: 'CI-03' },
    ];
    const answers = new Map<string, 'yes' | 'no'>([
      ['CI-01', 'no'],
      ['CI-02', 'yes'],
      ['CI-04', 'no'],
      ['CI-05', 'yes'],
    ]);
    expect(decidePlanAtSubmit(open, answers)).toEqual({ carry: ['a1'], close: ['a2'], open: ['CI-04'] });
  });

  it('carries every open action of a code (actions opened before cycles) and opens none for it', () => {
    const d = decidePlanAtSubmit(
      [
        { id: 'old', code: 'AU-01' },
        { id: 'older', code: 'AU-01' },
      ],
      new Map([['AU-01', 'no']]),
    );
    expect(d).toEqual({ carry: ['old', 'older'], close: [], open: [] });
  });

  it('dates the automatic close note with the UTC day of the submit', () => {
    expect(autoCloseNote(new Date('2026-03-31T23:30:00.000-05:00'))).toBe('Closed automatically: answered Yes in the assessment submitted on 2026-04-01');
  });
});

describe('edits by a person', () => {
  const ctx = { now: NOW, notes: '', editorName: 'Ada Lovelace' };
  it('marking done closes now, with the notes or who marked it', () => {
    expect(closureAfterEdit('open', 'done', ctx)).toEqual({ closedAt: NOW, closedNote: 'Marked done by Ada Lovelace', closedInAssessmentId: null });
    expect(closureAfterEdit('in_progress', 'done', { ...ctx, notes: '  Policy adopted. ' })).toMatchObject({ closedNote: 'Policy adopted.' });
  });
  it('reopening clears the closure; other edits leave it', () => {
    expect(closureAfterEdit('done', 'open', ctx)).toEqual({ closedAt: null, closedNote: null, closedInAssessmentId: null });
    expect(closureAfterEdit('done', 'in_progress', ctx)).toEqual({ closedAt: null, closedNote: null, closedInAssessmentId: null });
    expect(closureAfterEdit('done', 'done', ctx)).toBeNull();
    expect(closureAfterEdit('done', undefined, ctx)).toBeNull();
    expect(closureAfterEdit('open', 'in_progress', ctx)).toBeNull();
  });
  it('is overdue when not closed and past its target date', () => {
    expect(isOverdue({ status: 'open', target_date: '2026-06-15T11:59:59.000Z' }, NOW)).toBe(true);
    expect(isOverdue({ status: 'in_progress', target_date: '2026-06-15T11:59:59.000Z' }, NOW)).toBe(true);
    expect(isOverdue({ status: 'done', target_date: '2026-01-01T00:00:00.000Z' }, NOW)).toBe(false);
    expect(isOverdue({ status: 'open', target_date: '2026-06-15T12:00:00.000Z' }, NOW)).toBe(false);
    expect(isOverdue({ status: 'open', target_date: null }, NOW)).toBe(false);
  });
});

describe('assignment notice', () => {
  it('goes to a new owner other than the editor', () => {
    expect(notifiesNewOwner({ previousOwnerId: null, ownerId: 'u2', editorId: 'u1' })).toBe(true);
    expect(notifiesNewOwner({ previousOwnerId: 'u2', ownerId: 'u2', editorId: 'u1' })).toBe(false);
    expect(notifiesNewOwner({ previousOwnerId: null, ownerId: 'u1', editorId: 'u1' })).toBe(false);
    expect(notifiesNewOwner({ previousOwnerId: 'u2', ownerId: null, editorId: 'u1' })).toBe(false);
    expect(notifiesNewOwner({ previousOwnerId: 'u2', ownerId: undefined, editorId: 'u1' })).toBe(false);
  });
  it('compares ids without regard to case: the same member in capitals is not a new owner', () => {
    const owner = '6f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
    expect(notifiesNewOwner({ previousOwnerId: owner, ownerId: owner.toUpperCase(), editorId: 'u1' })).toBe(false);
    expect(notifiesNewOwner({ previousOwnerId: null, ownerId: owner.toUpperCase(), editorId: owner })).toBe(false);
    expect(assignmentDedupeKey('ACT', owner.toUpperCase())).toBe(assignmentDedupeKey('act', owner));
  });
  it('is keyed once per action and owner, and names the action, due date and link', () => {
    expect(assignmentDedupeKey('act', 'own')).toBe('action_assigned:act:own');
    const n = assignmentNotice({
      code: 'CI-01',
      action: 'Adopt a policy',
      questionText: 'Is there a\npolicy?',
      targetDate: '2026-07-01T12:00:00.000Z',
      assignerName: 'Ada\r\nLovelace',
      link: 'https://app.example/action-plan',
    });
    expect(n.subject).toBe('Corrective action assigned to you: CI-01');
    expect(n.body).toContain('Ada Lovelace assigned a corrective action to you.');
    expect(n.body).toContain('CI-01: Adopt a policy');
    expect(n.body).toContain('Question: Is there a policy?');
    expect(n.body).toContain('Due: 2026-07-01');
    expect(n.body).toContain('https://app.example/action-plan');
  });
});

describe('filters and one assessment', () => {
  const item = { status: 'open' as const, owner_id: 'u1', domain_id: 'audit', overdue: true };
  it('filters by status, owner, domain and overdue', () => {
    expect(matchesActionFilter(item, { status: 'all' })).toBe(true);
    expect(matchesActionFilter(item, { status: 'open' })).toBe(true);
    expect(matchesActionFilter(item, { status: 'closed' })).toBe(false);
    expect(matchesActionFilter({ ...item, status: 'done' }, { status: 'closed' })).toBe(true);
    expect(matchesActionFilter({ ...item, status: 'in_progress' }, { status: 'open' })).toBe(true);
    expect(matchesActionFilter(item, { status: 'all', ownerId: 'u2' })).toBe(false);
    expect(matchesActionFilter(item, { status: 'all', domainId: 'audit' })).toBe(true);
    expect(matchesActionFilter(item, { status: 'all', overdue: 'false' })).toBe(false);
    expect(matchesActionFilter(item, { status: 'all', overdue: 'true' })).toBe(true);
  });
  it('lists an action in the assessments from its opening to its latest', () => {
    const a = { assessmentId: 'q1', openedAt: new Date('2026-01-01'), latestAt: new Date('2026-04-01') };
    expect(isInAssessment(a, { id: 'q1', submittedAt: new Date('2026-01-01') })).toBe(true);
    expect(isInAssessment(a, { id: 'q2', submittedAt: new Date('2026-04-01') })).toBe(true);
    expect(isInAssessment(a, { id: 'q3', submittedAt: new Date('2026-07-01') })).toBe(false);
    expect(isInAssessment({ ...a, latestAt: null }, { id: 'q2', submittedAt: new Date('2026-04-01') })).toBe(false);
  });
});
