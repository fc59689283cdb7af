// Test-only fixtures for the answers/sync tests: rows written straight into the database.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { ProfileStatus } from '#domain/contracts/enums.ts';
import { PROFILE_WITH_EVERY_DUTY } from '#domain/questions/applicability.ts';
import { DOMAINS } from '#domain/questions/domains.ts';
import type { Db } from '../../db/client.ts';
import { freezeAssessmentQuestions, seedQuestionBank } from '../questions/index.ts';
import { assessments, domains, organizations, profiles, questionnaireVersions, questions } from '../../db/schema/index.ts';

export interface OrgFixture {
  orgId: string;
  userId: string;
  otherUserId: string;
  assessmentId: string;
  questionIds: string[];
}

/** Domains + the question bank, for tests that use the database without the whole app. */
export async function seedCatalog(db: Db): Promise<void> {
  for (const d of DOMAINS) {
    await db.insert(domains).values({ id: d.id, name: d.name, icon: d.icon, description: d.description, sortOrder: d.sortOrder }).onConflictDoNothing();
  }
  await seedQuestionBank({ db });
}

export async function addMember(db: Db, orgId: string, firstName: string, status: ProfileStatus = 'active', id: string = randomUUID()): Promise<string> {
  await db.insert(profiles).values({
    id,
    organizationId: orgId,
    email: `${firstName.toLowerCase()}-${id.slice(0, 6)}@example.test`,
    firstName,
    lastName: 'Tester',
    role: 'team_member',
    status,
  });
  return id;
}

/**
 * An organization (with every duty) with two members and one in-progress assessment on the first
 * question bank, which asks every question of it.
 */
export async function seedOrg(db: Db, name = 'Org', ids: { userId?: string; otherUserId?: string } = {}): Promise<OrgFixture> {
  const applicability = PROFILE_WITH_EVERY_DUTY;
  const [org] = await db.insert(organizations).values({ name, applicability }).returning();
  if (!org) throw new Error('org insert failed');
  const userId = await addMember(db, org.id, `${name}Alice`, 'active', ids.userId);
  const otherUserId = await addMember(db, org.id, `${name}Bob`, 'active', ids.otherUserId);
  const [version] = await db.select().from(questionnaireVersions).orderBy(asc(questionnaireVersions.id)).limit(1);
  if (!version) throw new Error('no question bank');
  const qs = await db.select({ id: questions.id }).from(questions).where(eq(questions.versionId, version.id)).orderBy(asc(questions.sortOrder));
  const [a] = await db
    .insert(assessments)
    .values({ organizationId: org.id, versionId: version.id, startedBy: userId, applicability })
    .returning();
  if (!a) throw new Error('assessment insert failed');
  await freezeAssessmentQuestions({ db }, { assessmentId: a.id, versionId: version.id, applicability });
  return { orgId: org.id, userId, otherUserId, assessmentId: a.id, questionIds: qs.map((q) => q.id) };
}

export async function markSubmitted(db: Db, assessmentId: string): Promise<void> {
  await db.update(assessments).set({ status: 'submitted', submittedAt: new Date() }).where(eq(assessments.id, assessmentId));
}
