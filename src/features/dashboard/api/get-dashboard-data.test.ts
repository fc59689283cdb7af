import { describe, expect, it } from 'vitest';
import type { AssessmentListItem } from '#domain/contracts/assessments.ts';
import { canSeeTeam, complianceCounts } from './get-dashboard-data.ts';

const item = (pass_fail: AssessmentListItem['pass_fail'], status: AssessmentListItem['status'] = 'submitted'): AssessmentListItem => ({
  id: crypto.randomUUID(),
  status,
  started_at: '2026-01-01T00:00:00Z',
  submitted_at: null,
  total_score: null,
  grade: null,
  pass_fail,
  fail_summary: null,
});

describe('dashboard figures', () => {
  it('compliance score is passed count / total count of submitted assessments (one in progress does not count)', () => {
    expect(complianceCounts([])).toEqual({ passed: 0, total: 0 });
    expect(complianceCounts([item('Pass'), item('Fail'), item(null, 'in_progress'), item('Pass')])).toEqual({ passed: 2, total: 3 });
    expect(complianceCounts([item(null, 'in_progress')])).toEqual({ passed: 0, total: 0 });
  });
  it('only organization and system admins see the team size', () => {
    expect(canSeeTeam({ role: 'org_admin' })).toBe(true);
    expect(canSeeTeam({ role: 'system_admin' })).toBe(true);
    expect(canSeeTeam({ role: 'team_member' })).toBe(false);
    expect(canSeeTeam(null)).toBe(false);
  });
});
