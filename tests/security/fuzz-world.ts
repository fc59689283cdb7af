// The small world the API fuzz suites run in: one organization (org_admin + team member), an
// open assessment, a declared evidence upload and a pending invitation, all made through the API.
import { createHash, randomUUID } from 'node:crypto';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';

export interface FuzzWorld {
  server: TestServer;
  admin: Member;
  member: Member;
  /** Real ids that path params are sometimes filled with, so fuzzing reaches past the 404s. */
  realIds: string[];
  /** The seeded system admin, who fuzzes /api/admin/* against a second organization's ids. */
  systemAdmin: Member;
  victimIds: string[];
}

function must(res: { status: number; body: any }, what: string) {
  if (res.status >= 300) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function buildFuzzWorld(): Promise<FuzzWorld> {
  const server = await createTestServer('pglite');
  const admin = await createOrgAdmin(server, { organizationName: 'Fuzz Institute' });
  const member = await joinOrganization(server, admin.organizationId!);
  const { assessmentId } = must(
    await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken),
    'create assessment',
  );
  const questions = must(await server.json('GET', '/api/questions', undefined, admin.accessToken), 'questions') as Array<{ id: string }>;
  const questionId = questions[0]?.id;
  if (!questionId) throw new Error('no question to attach evidence to');
  const bytes = new TextEncoder().encode('%PDF-1.7\nfuzz evidence\n');
  const evidenceId = randomUUID();
  const declaration = {
    evidenceId,
    assessmentId,
    questionId,
    fileName: 'fuzz.pdf',
    mimeType: 'application/pdf',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  must(await server.json('POST', '/api/evidence/uploads', declaration, admin.accessToken), 'declare evidence upload');
  const invite = must(
    await server.json('POST', '/api/auth/invite', { email: 'fuzz-invitee@example.org', organizationId: admin.organizationId }, admin.accessToken),
    'invite',
  );
  const realIds = [admin.organizationId!, admin.userId, member.userId, assessmentId, evidenceId, questionId, invite.invitation.id as string];
  // The system admin may suspend organizations and disable users: give it another organization's ids.
  const victim = await createOrgAdmin(server, { organizationName: 'Victim Lab' });
  const victimMember = await joinOrganization(server, victim.organizationId!);
  const systemAdmin = await signInSystemAdmin(server);
  const victimIds = [victim.organizationId!, victim.userId, victimMember.userId, questionId];
  return { server, admin, member, realIds, systemAdmin, victimIds };
}

/** Registered routes (method + pattern) with a concrete method, deduplicated. */
export function registeredRoutes(server: TestServer, prefix: string): Array<{ method: string; path: string }> {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of server.app.routes) {
    if (!r.path.startsWith(prefix) || r.method === 'ALL' || r.path.includes('*')) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}
