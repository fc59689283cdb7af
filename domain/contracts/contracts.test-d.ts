// Type tests of the shared contracts (run by `vitest run`, project unit, typecheck; and by tsc -b):
// the zod schemas' types equal the declared types, the request schemas take the published payload
// names, and response keys follow docs/decisions/016-names-and-casing.md.
import { describe, expectTypeOf, test } from 'vitest';
import type { z } from 'zod';
import type { ActionPriority, CorrectiveActionTemplate, QuestionDef, correctiveActionSchema, questionDefSchema } from '../questions/question-types.ts';
import type { Role } from '../roles.ts';
import type { AnswerValue as ScoringAnswerValue, DomainScore } from '../scoring/types.ts';
import type * as accounts from './accounts.ts';
import type * as admin from './admin.ts';
import type * as assessments from './assessments.ts';
import type * as enums from './enums.ts';
import type * as evidence from './evidence.ts';
import type * as releases from './releases.ts';
import type * as sync from './sync.ts';

/** true when the string literal type holds an upper-case ASCII letter. */
type HasUpper<S extends string> = S extends `${infer H}${infer R}` ? (H extends Lowercase<H> ? HasUpper<R> : true) : false;
/** The keys of T spelled in camelCase (holding an upper-case letter). */
type CamelKeys<T> = { [K in keyof T & string]: HasUpper<K> extends true ? K : never }[keyof T & string];
/** The keys of T spelled in snake_case (holding an underscore). */
type SnakeKeys<T> = { [K in keyof T & string]: K extends `${string}_${string}` ? K : never }[keyof T & string];
type Item<T> = T extends readonly (infer U)[] ? U : never;

describe('zod schemas and the declared types are one type', () => {
  test('answers', () => {
    expectTypeOf<z.infer<typeof sync.answerValueSchema>>().toEqualTypeOf<enums.AnswerValue>();
    expectTypeOf<z.output<typeof assessments.answerFormSchema>['answer']>().toEqualTypeOf<enums.AnswerValue>();
    expectTypeOf<z.output<typeof sync.answerSetPayloadSchema>['value']>().toEqualTypeOf<enums.AnswerValue>();
    // domain/scoring keeps its own spelling of the same two values; it must stay the same type.
    expectTypeOf<ScoringAnswerValue>().toEqualTypeOf<enums.AnswerValue>();
    expectTypeOf<sync.AnswerView['answer']>().toEqualTypeOf<enums.AnswerValue>();
  });

  test('roles and statuses', () => {
    expectTypeOf<z.output<typeof admin.changeRoleSchema>['role']>().toEqualTypeOf<Role>();
    expectTypeOf<z.output<typeof accounts.inviteSchema>['role']>().toEqualTypeOf<enums.InvitableRole | undefined>();
    expectTypeOf<enums.InvitableRole>().toExtend<Role>();
    expectTypeOf<z.output<typeof assessments.updateActionSchema>['status']>().toEqualTypeOf<enums.ActionStatus | undefined>();
    expectTypeOf<assessments.CorrectiveActionView['status']>().toEqualTypeOf<enums.ActionStatus>();
    expectTypeOf<accounts.ProfileDto['role']>().toEqualTypeOf<Role>();
    expectTypeOf<accounts.ProfileDto['status']>().toEqualTypeOf<enums.ProfileStatus>();
    expectTypeOf<admin.AdminUserView['role']>().toEqualTypeOf<Role>();
    expectTypeOf<admin.AdminUserView['status']>().toEqualTypeOf<enums.ProfileStatus>();
    expectTypeOf<accounts.ProfileOrganization['status']>().toEqualTypeOf<enums.OrganizationStatus>();
    expectTypeOf<admin.AdminOrganizationView['status']>().toEqualTypeOf<enums.OrganizationStatus>();
    expectTypeOf<accounts.JoinRequestDto['status']>().toEqualTypeOf<enums.JoinRequestStatus>();
    expectTypeOf<assessments.AssessmentListItem['status']>().toEqualTypeOf<enums.AssessmentStatus>();
    expectTypeOf<admin.AdminAssessmentView['status']>().toEqualTypeOf<enums.AssessmentStatus>();
    expectTypeOf<sync.AssessmentSyncView['status']>().toEqualTypeOf<enums.AssessmentStatus>();
    expectTypeOf<sync.DeferralView['status']>().toEqualTypeOf<enums.DeferralStatus>();
    expectTypeOf<evidence.EvidenceView['status']>().toEqualTypeOf<enums.EvidenceStatus>();
    expectTypeOf<evidence.UploadState['status']>().toEqualTypeOf<enums.EvidenceStatus>();
  });

  test('the question bank', () => {
    expectTypeOf<z.output<typeof questionDefSchema>>().toEqualTypeOf<QuestionDef>();
    expectTypeOf<z.output<typeof correctiveActionSchema>>().toEqualTypeOf<CorrectiveActionTemplate>();
    // The admin form is a question definition without its code (the server assigns it), plus balanceWith and the release note.
    expectTypeOf<Omit<admin.AdminQuestionInput, 'balanceWith' | 'releaseNote'>>().toEqualTypeOf<Omit<QuestionDef, 'code'>>();
    expectTypeOf<admin.AdminQuestionView['corrective_action']['priority']>().toEqualTypeOf<ActionPriority>();
  });

  test('a queued mutation', () => {
    expectTypeOf<sync.SyncMutation['kind']>().toEqualTypeOf<sync.MutationKind>();
    expectTypeOf<Extract<sync.SyncMutation, { kind: 'defer.set' }>['payload']>().toEqualTypeOf<sync.DeferSetPayload>();
    expectTypeOf<Extract<sync.SyncMutation, { kind: 'answer.set' }>['payload']>().toEqualTypeOf<sync.AnswerSetPayload>();
  });
});

describe('request schemas take the published payload names', () => {
  test('sign-up, join and invitations', () => {
    expectTypeOf<keyof z.input<typeof accounts.signupSchema>>().toEqualTypeOf<
      'supabaseUserId' | 'email' | 'firstName' | 'lastName' | 'organizationName' | 'contactName' | 'contactEmail' | 'contactPhone'
    >();
    // joinKey: the join link's secret (ADR 003), beyond the published payload.
    expectTypeOf<keyof z.input<typeof accounts.joinOrganizationSchema>>().toEqualTypeOf<
      'supabaseUserId' | 'email' | 'firstName' | 'lastName' | 'organizationId' | 'joinKey'
    >();
    // password: the embedded provider creates the invited account itself (ADR 002).
    expectTypeOf<keyof z.input<typeof accounts.acceptInviteSchema>>().toEqualTypeOf<'token' | 'supabaseUserId' | 'firstName' | 'lastName' | 'password'>();
    // role: an org_admin may invite another org_admin (ADR 003).
    expectTypeOf<keyof z.input<typeof accounts.inviteSchema>>().toEqualTypeOf<'email' | 'organizationId' | 'role'>();
    expectTypeOf<z.input<typeof accounts.updateOrganizationSchema>>().toHaveProperty('name');
    // The organization's two-step verification policy (ADR 040) and session limits (ADR 042), as issue 26 publishes them.
    expectTypeOf<keyof z.input<typeof accounts.organizationSecuritySchema>>().toEqualTypeOf<'requireMfa' | 'sessionIdleMinutes' | 'sessionMaxHours'>();
  });

  test('assessments, answers, deferrals and evidence', () => {
    expectTypeOf<keyof z.input<typeof assessments.createAssessmentSchema>>().toEqualTypeOf<'organizationId' | 'startFrom'>();
    expectTypeOf<keyof z.input<typeof assessments.answerFormSchema>>().toEqualTypeOf<'questionId' | 'answer' | 'baseVersion'>();
    expectTypeOf<keyof z.input<typeof sync.deferSetPayloadSchema>>().toEqualTypeOf<'questionId' | 'deferToUserId'>();
    expectTypeOf<keyof z.input<typeof evidence.uploadUrlSchema>>().toEqualTypeOf<'responseId' | 'assessmentId' | 'questionId' | 'fileName' | 'fileType' | 'size' | 'sha256'>();
    expectTypeOf<z.input<typeof evidence.createUploadSchema>>().toHaveProperty('fileName');
  });

  test('no request schema takes a snake_case name', () => {
    expectTypeOf<SnakeKeys<z.input<typeof accounts.signupSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof accounts.joinOrganizationSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof accounts.acceptInviteSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof accounts.inviteSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof accounts.updateOrganizationSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof accounts.organizationSecuritySchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof admin.adminQuestionSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof admin.adminQuestionSchema>['correctiveAction']>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof admin.adminListQuerySchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof admin.adminOrganizationsQuerySchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof admin.suspendOrganizationSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof assessments.updateActionSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof assessments.submitAssessmentSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof assessments.subscriptionSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof evidence.createUploadSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof sync.pushRequestSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<Item<z.input<typeof sync.pushRequestSchema>['mutations']>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof sync.syncMutationSchema>>>().toBeNever();
    expectTypeOf<SnakeKeys<z.input<typeof sync.pullQuerySchema>>>().toBeNever();
  });
});

describe('responses are snake_case; the camelCase keys are the listed exceptions (ADR 016)', () => {
  test('snake_case throughout', () => {
    expectTypeOf<CamelKeys<accounts.ProfileDto>>().toBeNever();
    expectTypeOf<CamelKeys<accounts.TeamMemberDto>>().toBeNever();
    expectTypeOf<CamelKeys<accounts.InvitationDto>>().toBeNever();
    expectTypeOf<CamelKeys<accounts.JoinRequestDto>>().toBeNever();
    expectTypeOf<CamelKeys<accounts.PublicOrganizationResponse>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminQuestionView>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminQuestionView['corrective_action']>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminQuestionChange>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminOrganizationView>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminOverview>>().toBeNever();
    expectTypeOf<CamelKeys<admin.SubscriptionView>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminAssessmentView>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminUserView>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AuditEntryView>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminOrganizationsPage>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminAssessmentsPage>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AdminUsersPage>>().toBeNever();
    expectTypeOf<CamelKeys<admin.AuditLogPage>>().toBeNever();
    expectTypeOf<CamelKeys<assessments.DomainView>>().toBeNever();
    expectTypeOf<CamelKeys<assessments.QuestionView>>().toBeNever();
    expectTypeOf<CamelKeys<assessments.AssessmentDetail>>().toBeNever();
    expectTypeOf<CamelKeys<assessments.CorrectiveActionView>>().toBeNever();
    expectTypeOf<CamelKeys<assessments.GapView>>().toBeNever();
    expectTypeOf<CamelKeys<assessments.ResultGap>>().toBeNever();
    expectTypeOf<CamelKeys<assessments.FrameworkCoverageView>>().toBeNever();
    expectTypeOf<CamelKeys<Item<assessments.ResultsView['gaps']>>>().toBeNever();
    expectTypeOf<CamelKeys<Item<assessments.ReportView['gapAnalysis']>>>().toBeNever();
    expectTypeOf<CamelKeys<DomainScore>>().toBeNever();
    expectTypeOf<CamelKeys<evidence.EvidenceView>>().toBeNever();
    expectTypeOf<CamelKeys<sync.AnswerView>>().toBeNever();
    expectTypeOf<CamelKeys<sync.DeferralView>>().toBeNever();
    expectTypeOf<CamelKeys<sync.AssessmentSyncView>>().toBeNever();
    expectTypeOf<CamelKeys<sync.PushResultItem>>().toBeNever();
    expectTypeOf<CamelKeys<sync.PullResponse>>().toBeNever();
  });

  test('published spellings', () => {
    expectTypeOf<CamelKeys<accounts.ValidateInviteResponse>>().toEqualTypeOf<'organizationName' | 'organizationId'>();
    type SpecResult = 'totalScore' | 'passFail' | 'domainScores';
    expectTypeOf<CamelKeys<assessments.ResultView>>().toEqualTypeOf<SpecResult | 'assessmentId' | 'maxScore' | 'failReasons' | 'gapCount' | 'submittedAt'>();
    // GET /api/content/releases: a release's date under the name the feature was specified with (ADR 038).
    expectTypeOf<CamelKeys<releases.ReleaseView>>().toEqualTypeOf<'publishedAt'>();
    expectTypeOf<CamelKeys<NonNullable<releases.AssessmentReleaseView['update']>>>().toEqualTypeOf<'publishedAt'>();
    expectTypeOf<CamelKeys<releases.ReleaseMoveView>>().toBeNever();
  });

  test('kept camelCase keys, each named in ADR 016', () => {
    expectTypeOf<CamelKeys<accounts.ProfileOrganization>>().toEqualTypeOf<'joinByLinkEnabled'>();
    expectTypeOf<CamelKeys<accounts.OrganizationDto>>().toEqualTypeOf<'joinByLinkEnabled'>();
    expectTypeOf<CamelKeys<accounts.JoinLinkDto>>().toEqualTypeOf<'joinByLinkEnabled' | 'joinKey' | 'allowedEmailDomains'>();
    expectTypeOf<CamelKeys<accounts.JoinOrganizationResponse>>().toEqualTypeOf<'joinRequest'>();
    expectTypeOf<CamelKeys<NonNullable<accounts.JoinOrganizationResponse['joinRequest']>>>().toEqualTypeOf<'organizationName'>();
    expectTypeOf<CamelKeys<admin.AdminQuestionsPage>>().toEqualTypeOf<'pageSize'>();
    expectTypeOf<CamelKeys<assessments.ResultsView>>().toEqualTypeOf<CamelKeys<assessments.ResultView> | 'failSummary'>();
    expectTypeOf<CamelKeys<assessments.ReportView>>().toEqualTypeOf<'assessmentId' | 'gapAnalysis' | 'correctiveActions'>();
    expectTypeOf<CamelKeys<evidence.UploadState>>().toEqualTypeOf<'evidenceId' | 'chunkSize'>();
  });
});
