// Type tests: each enum-like column's type is exactly the domain's tuple (domain/contracts/enums.ts,
// domain/roles.ts, domain/scoring/policy.ts, domain/questions/question-types.ts), read and written.
import { describe, expectTypeOf, test } from 'vitest';
import type * as enums from '#domain/contracts/enums.ts';
import type { ActionPriority } from '#domain/questions/question-types.ts';
import type { ResultView } from '#domain/contracts/assessments.ts';
import type { Role } from '#domain/roles.ts';
import type { Grade, PassFail } from '#domain/scoring/policy.ts';
import type * as schema from './index.ts';

type Row<T extends { $inferSelect: object }> = T['$inferSelect'];
type Insert<T extends { $inferInsert: object }> = T['$inferInsert'];

describe('enum-like columns take their values from the domain', () => {
  test('assessments and their rows', () => {
    expectTypeOf<Row<typeof schema.assessments>['status']>().toEqualTypeOf<enums.AssessmentStatus>();
    expectTypeOf<Row<typeof schema.assessments>['grade']>().toEqualTypeOf<Grade | null>();
    expectTypeOf<Row<typeof schema.assessments>['passFail']>().toEqualTypeOf<PassFail | null>();
    expectTypeOf<Row<typeof schema.assessments>['result']>().toEqualTypeOf<ResultView | null>();
    expectTypeOf<Row<typeof schema.responses>['answer']>().toEqualTypeOf<enums.AnswerValue>();
    expectTypeOf<Row<typeof schema.responseHistory>['answer']>().toEqualTypeOf<enums.AnswerValue>();
    expectTypeOf<Row<typeof schema.evidenceFiles>['status']>().toEqualTypeOf<enums.EvidenceStatus>();
    expectTypeOf<Row<typeof schema.deferrals>['status']>().toEqualTypeOf<enums.DeferralStatus>();
    expectTypeOf<Row<typeof schema.correctiveActions>['status']>().toEqualTypeOf<enums.ActionStatus>();
    expectTypeOf<Row<typeof schema.questions>['actionPriority']>().toEqualTypeOf<ActionPriority | null>();
  });

  test('organizations and people', () => {
    expectTypeOf<Row<typeof schema.organizations>['status']>().toEqualTypeOf<enums.OrganizationStatus>();
    expectTypeOf<Row<typeof schema.profiles>['role']>().toEqualTypeOf<Role>();
    expectTypeOf<Row<typeof schema.profiles>['status']>().toEqualTypeOf<enums.ProfileStatus>();
    expectTypeOf<Row<typeof schema.invitations>['role']>().toEqualTypeOf<enums.InvitableRole>();
    expectTypeOf<Row<typeof schema.joinRequests>['status']>().toEqualTypeOf<enums.JoinRequestStatus>();
  });

  test('writes refuse a value outside the tuple', () => {
    expectTypeOf<'maybe'>().not.toExtend<Insert<typeof schema.responses>['answer']>();
    expectTypeOf<'system_admin'>().not.toExtend<NonNullable<Insert<typeof schema.invitations>['role']>>();
    expectTypeOf<'archived'>().not.toExtend<NonNullable<Insert<typeof schema.assessments>['status']>>();
  });

  test('client_mutations.kind stays text: an unknown kind is recorded, then rejected', () => {
    expectTypeOf<Row<typeof schema.clientMutations>['kind']>().toEqualTypeOf<string>();
  });
});
