// Tenant-isolation rows for self-certification records (ADR 019): the chain, signing, the
// certificate PDF and the certifying official, against organization A's records.
import { and, desc, eq } from 'drizzle-orm';
import { assessments, certifications, responses } from '#server/db/schema/index.ts';
import { loadAssessmentQuestions } from '#server/features/questions/index.ts';
import { openAssessmentOfA } from './assessment-routes.ts';
import { joinOrganization, type Member } from './fixtures.ts';
import type { RouteRow } from './routes.ts';
import type { World } from './world.ts';

/** A's latest submitted assessment when it passed; else A's open one answered all Yes and submitted. */
async function passedAssessmentOfA(w: World): Promise<string> {
  const db = w.server.deps.db;
  const [latest] = await db
    .select({ id: assessments.id, passFail: assessments.passFail })
    .from(assessments)
    .where(and(eq(assessments.organizationId, w.orgA.id), eq(assessments.status, 'submitted')))
    .orderBy(desc(assessments.submittedAt))
    .limit(1);
  if (latest?.passFail === 'Pass') return latest.id;
  const id = await openAssessmentOfA(w);
  const qs = await loadAssessmentQuestions({ db }, id);
  await db
    .insert(responses)
    .values(qs.map((q): typeof responses.$inferInsert => ({ assessmentId: id, organizationId: w.orgA.id, questionId: q.id, answer: 'yes' })))
    .onConflictDoUpdate({ target: [responses.assessmentId, responses.questionId], set: { answer: 'yes', origin: 'answered' } });
  const res = await w.server.json('POST', `/api/assessments/${id}/submit`, undefined, w.adminA.accessToken);
  if (res.status !== 200 || res.body.passFail !== 'Pass') throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

const nameOf = (m: Member) => `${m.firstName} ${m.lastName}`;

/** A record of A (signed through the API by A's org_admin when there is none). */
async function certificationOfA(w: World): Promise<string> {
  const [row] = await w.server.deps.db.select({ id: certifications.id }).from(certifications).where(eq(certifications.organizationId, w.orgA.id)).limit(1);
  if (row) return row.id;
  const body = { assessmentId: await passedAssessmentOfA(w), signerName: nameOf(w.adminA), signerTitle: 'Officer', attest: true };
  const res = await w.server.json('POST', '/api/certifications', body, w.adminA.accessToken);
  if (res.status !== 201) throw new Error(`sign failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A member of A whom the rows designate as certifying official (not memberA, who must stay unable to sign). */
const officials = new WeakMap<World, Promise<Member>>();
function officialOfA(w: World): Promise<Member> {
  if (!officials.has(w)) officials.set(w, joinOrganization(w.server, w.orgA.id, { email: 'alpha-official@a.example' }));
  return officials.get(w)!;
}

export const certificationRows: RouteRow[] = [
  { method: 'GET', route: '/api/certifications', access: 'member', crossOrg: 'own-data', request: () => ({ path: '/api/certifications' }) },
  {
    method: 'POST',
    route: '/api/certifications',
    access: 'org_admin',
    crossOrg: 'denied',
    okStatus: 201,
    request: async (w) => ({
      path: '/api/certifications',
      // A's org_admin's own name (a signature must carry the signer's account name), sent by every caller.
      body: { assessmentId: await passedAssessmentOfA(w), signerName: nameOf(w.adminA), signerTitle: 'Research Security Officer', attest: true },
    }),
  },
  {
    method: 'GET',
    route: '/api/certifications/:id/certificate.pdf',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/certifications/${await certificationOfA(w)}/certificate.pdf` }),
  },
  {
    method: 'PUT',
    route: '/api/organization/certifying-official',
    access: 'org_admin',
    crossOrg: 'own-data',
    request: async (w) => ({ path: '/api/organization/certifying-official', body: { userId: (await officialOfA(w)).userId } }),
  },
];
