// Test helpers for the organization export and deletion tests and the backup rehearsal: an
// organization filled through the real endpoints (members, an evidence file, answers with one gap,
// a submitted assessment, a signed self-certification, optionally a verified payment), and the
// zip read back.
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { evidenceFiles } from '#server/db/schema/index.ts';
import type { TestServer } from '#tests/setup/app.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { answerAll, createAssessment, getQuestions } from '../assessments/assessments.test-helpers.ts';

export interface FilledOrg {
  admin: Member;
  member: Member;
  orgId: string;
  name: string;
  assessmentId: string;
  evidenceId: string;
  evidenceBytes: Uint8Array;
  evidenceName: string;
  certificationId: string;
}

const must = (res: { status: number; body: unknown }, ok: number[], what: string) => {
  if (!ok.includes(res.status)) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as any;
};

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Uploads one file through the chunk API (declare, send, complete, attach) to the assessment's first question. */
export async function uploadEvidence(server: TestServer, token: string, assessmentId: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const [q] = await getQuestions(server, token, assessmentId);
  const evidenceId = randomUUID();
  must(
    await server.json('POST', '/api/evidence/uploads', { evidenceId, assessmentId, questionId: q!.id, fileName, mimeType: 'application/pdf', size: bytes.length, sha256: sha256(bytes) }, token),
    [201],
    'declare evidence',
  );
  const url = `/api/evidence/uploads/${evidenceId}`;
  const sent = await server.app.request(url, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'upload-offset': '0' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  if (sent.status !== 200) throw new Error(`evidence chunk failed: ${sent.status} ${await sent.text()}`);
  must(await server.json('POST', `${url}/complete`, undefined, token), [200], 'complete evidence');
  must(await server.json('POST', `/api/evidence/${evidenceId}/attach`, undefined, token), [200], 'attach evidence');
  return evidenceId;
}

/** A PDF-looking file whose bytes are unique to `seed`. */
export function evidencePdf(seed: string, size = 64 * 1024): Uint8Array {
  const bytes = new Uint8Array(size);
  const head = new TextEncoder().encode(`%PDF-1.7\n% ${seed}\n`);
  let x = [...seed].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  bytes.set(head, 0);
  return bytes;
}

/**
 * An organization with a member, one attached evidence file (under a hostile file name), every
 * question answered (one gap, so the action plan has an item), the assessment submitted and a
 * self-certification signed. `paid` verifies the payment through the system admin's route.
 */
export async function filledOrganization(server: TestServer, name: string, opts: { paid: boolean; emailTag: string }): Promise<FilledOrg> {
  const admin = await createOrgAdmin(server, { organizationName: name, email: `${opts.emailTag}-admin@${opts.emailTag}.example`, firstName: 'Ada', lastName: opts.emailTag });
  const member = await joinOrganization(server, admin.organizationId!, { email: `${opts.emailTag}-member@${opts.emailTag}.example` });
  const assessmentId = await createAssessment(server, admin.accessToken, admin.organizationId);
  const evidenceBytes = evidencePdf(`${name} evidence`);
  const evidenceId = await uploadEvidence(server, admin.accessToken, assessmentId, `../../${opts.emailTag} policy: "final" <v2>.pdf`, evidenceBytes);
  // The name as the server stored it (it drops path parts itself); the export must still not use it as a path.
  const [stored] = await server.deps.db.select({ fileName: evidenceFiles.fileName }).from(evidenceFiles).where(eq(evidenceFiles.id, evidenceId));
  const evidenceName = stored!.fileName;
  // One non-critical question answered No (a gap, so an action), the rest Yes (still a Pass).
  let gapGiven = false;
  await answerAll(server, admin.accessToken, assessmentId, (q) => {
    if (!gapGiven && !q.critical) {
      gapGiven = true;
      return 'no';
    }
    return 'yes';
  });
  must(await server.json('POST', `/api/assessments/${assessmentId}/submit`, undefined, admin.accessToken), [200], 'submit');
  if (opts.paid) {
    const sys = await signInSystemAdmin(server);
    must(await server.json('POST', `/api/admin/organizations/${admin.organizationId}/subscription`, { paidUntil: '2099-12-31' }, sys.accessToken), [200], 'verify payment');
  }
  const cert = must(
    await server.json('POST', '/api/certifications', { assessmentId, signerName: `Ada ${opts.emailTag}`, signerTitle: 'Research Security Officer', attest: true }, admin.accessToken),
    [201],
    'sign certification',
  );
  return { admin, member, orgId: admin.organizationId!, name, assessmentId, evidenceId, evidenceBytes, evidenceName, certificationId: cert.id as string };
}

export interface ExportedZip {
  status: number;
  headers: Headers;
  zip: JSZip;
  names: string[];
  json<T = any>(path: string): Promise<T>;
  bytes(path: string): Promise<Uint8Array>;
}

/** A one-time export link (POST /api/organization/export) for the bearer of `token`. */
export async function exportLink(server: TestServer, token: string): Promise<{ url: string; expires_at: string }> {
  return must(await server.json('POST', '/api/organization/export', undefined, token), [201], 'export link');
}

/** The organization export as the browser gets it: a one-time link, then that link without a bearer, read back as a zip. */
export async function downloadExport(server: TestServer, token: string): Promise<ExportedZip> {
  const { url } = await exportLink(server, token);
  const res = await server.app.request(url);
  if (res.status !== 200) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  const zip = await JSZip.loadAsync(new Uint8Array(await res.arrayBuffer()));
  const file = (path: string) => {
    const f = zip.file(path);
    if (!f) throw new Error(`${path} is not in the export`);
    return f;
  };
  return {
    status: res.status,
    headers: res.headers,
    zip,
    names: Object.keys(zip.files).filter((n) => !zip.files[n]!.dir),
    json: async (path) => JSON.parse(await file(path).async('string')),
    bytes: async (path) => file(path).async('uint8array'),
  };
}
