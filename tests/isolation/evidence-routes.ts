// Tenant-isolation rows for the evidence API (ADR 006). Each request targets a fresh resource of
// organization A, created through the real endpoints by A's org_admin.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { responses } from '#server/db/schema/index.ts';
import { loadAssessmentQuestions } from '#server/features/questions/index.ts';
import { openAssessmentOfA } from './assessment-routes.ts';
import type { RouteRow } from './routes.ts';
import type { World } from './world.ts';

const scopes = new WeakMap<World, Promise<{ assessmentId: string; questionId: string }>>();

/** A's in-progress assessment (reused when another feature already started one) and its first question. */
function assessmentOfA(w: World) {
  let scope = scopes.get(w);
  if (!scope) {
    scope = (async () => {
      const assessmentId = await openAssessmentOfA(w);
      const [q] = await loadAssessmentQuestions(w.server.deps, assessmentId);
      return { assessmentId, questionId: q!.id };
    })();
    scopes.set(w, scope);
  }
  return scope;
}

const PDF = new TextEncoder().encode('%PDF-1.7\nevidence of organization A\n');
const sha = createHash('sha256').update(PDF).digest('hex');

async function declaration(w: World) {
  const { assessmentId, questionId } = await assessmentOfA(w);
  return { evidenceId: randomUUID(), assessmentId, questionId, fileName: 'a-evidence.pdf', mimeType: 'application/pdf', size: PDF.length, sha256: sha };
}

/** An evidence file of A, taken as far as `until`. */
async function evidenceOfA(w: World, until: 'declared' | 'complete' | 'attached'): Promise<string> {
  const body = await declaration(w);
  const token = w.adminA.accessToken;
  const declared = await w.server.json('POST', '/api/evidence/uploads', body, token);
  if (declared.status !== 201) throw new Error(`declare failed: ${JSON.stringify(declared.body)}`);
  if (until === 'declared') return body.evidenceId;
  const url = `/api/evidence/uploads/${body.evidenceId}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'upload-offset': '0' };
  const patched = await w.server.app.request(url, { method: 'PATCH', headers, body: PDF });
  const done = await w.server.json('POST', `${url}/complete`, undefined, token);
  if (patched.status !== 200 || done.status !== 200) throw new Error(`upload failed: ${patched.status} ${JSON.stringify(done.body)}`);
  if (until === 'attached') await w.server.json('POST', `/api/evidence/${body.evidenceId}/attach`, undefined, token);
  return body.evidenceId;
}

async function responseOfA(w: World): Promise<string> {
  const { assessmentId, questionId } = await assessmentOfA(w);
  const db = w.server.deps.db;
  await db.insert(responses).values({ assessmentId, organizationId: w.orgA.id, questionId, answer: 'yes' }).onConflictDoNothing();
  const [r] = await db.select({ id: responses.id }).from(responses).where(and(eq(responses.assessmentId, assessmentId), eq(responses.questionId, questionId)));
  return r!.id;
}

export const evidenceRows: RouteRow[] = [
  { method: 'POST', route: '/api/evidence/uploads', access: 'member', crossOrg: 'denied', request: async (w) => ({ path: '/api/evidence/uploads', body: await declaration(w) }) },
  {
    method: 'GET',
    route: '/api/evidence/uploads/:evidenceId',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/evidence/uploads/${await evidenceOfA(w, 'declared')}` }),
  },
  {
    method: 'PATCH',
    route: '/api/evidence/uploads/:evidenceId',
    access: 'member',
    crossOrg: 'denied',
    // A JSON body without Upload-Offset: the member gets past every access check to the header check.
    okStatus: 400,
    request: async (w) => ({ path: `/api/evidence/uploads/${await evidenceOfA(w, 'declared')}`, body: {} }),
  },
  {
    method: 'POST',
    route: '/api/evidence/uploads/:evidenceId/complete',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/evidence/uploads/${await evidenceOfA(w, 'complete')}/complete` }),
  },
  {
    method: 'PUT',
    route: '/api/evidence/uploads/:evidenceId/content',
    access: 'member',
    crossOrg: 'denied',
    // The JSON test body is not an allowed kind: the member reaches the content check (415).
    okStatus: 415,
    request: async (w) => {
      const { assessmentId, questionId } = await assessmentOfA(w);
      const q = new URLSearchParams({ assessmentId, questionId, fileName: 'notes.txt' });
      return { path: `/api/evidence/uploads/${randomUUID()}/content?${q.toString()}`, body: {} };
    },
  },
  {
    method: 'POST',
    route: '/api/evidence/upload-url',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: '/api/evidence/upload-url', body: { responseId: await responseOfA(w), fileName: 'scan.pdf', fileType: 'application/pdf' } }),
  },
  {
    method: 'POST',
    route: '/api/evidence/:evidenceId/attach',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/evidence/${await evidenceOfA(w, 'complete')}/attach` }),
  },
  {
    method: 'PUT',
    route: '/api/evidence/:evidenceId/dates',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/evidence/${await evidenceOfA(w, 'attached')}/dates`, body: { effectiveOn: '2026-01-15', expiresOn: '2027-01-15' } }),
  },
  {
    method: 'DELETE',
    route: '/api/evidence/:evidenceId',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/evidence/${await evidenceOfA(w, 'attached')}` }),
  },
  {
    method: 'GET',
    route: '/api/evidence/:evidenceId/download',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/evidence/${await evidenceOfA(w, 'attached')}/download` }),
  },
  {
    method: 'GET',
    route: '/api/assessments/:id/evidence',
    access: 'member',
    crossOrg: 'denied',
    request: async (w) => ({ path: `/api/assessments/${(await assessmentOfA(w)).assessmentId}/evidence` }),
  },
];
