// Rehearses docs/operations/backup-restore.md with the real binaries: (a) one machine: stop the
// server, archive DATA_DIR/pgdata and DATA_DIR/evidence with tar, unpack into a new DATA_DIR, start a
// server there; (b) several instances: pg_dump -Fc of the PostgreSQL database, pg_restore into a
// fresh database, the evidence files copied after the dump, a server started on the restore. In
// both, the answers, their history, the certifications (verified through /api/verify) and the
// evidence downloads are the same after the restore as before. Part (b) needs PostgreSQL
// (TEST_DATABASE_URL; CI always has it) and fails without it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { responseHistory } from '#server/db/schema/index.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/index.ts';
import { filledOrganization, sha256, type FilledOrg } from '#server/features/data-export/data-export.test-helpers.ts';
import { memoryMailer, type TestServer } from '#tests/setup/app.ts';
import { signInUser } from '#tests/setup/auth.ts';
import { TEST_DATABASE_URL, testEnv, WORKER_ID } from '#tests/setup/test-env.ts';

const run = promisify(execFile);
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function tempDir(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `mvrsp-backup-${tag}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A server as the entry point builds it (its own database from env), with the fixtures' JSON helper. */
async function start(env: Record<string, string>): Promise<TestServer> {
  const mailer = memoryMailer();
  const built: BuiltServer = await buildServer(testEnv(env), { mailer });
  const json: TestServer['json'] = async (method, p, body, token) => {
    const headers: Record<string, string> = { apikey: EMBEDDED_ANON_KEY };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await built.app.request(p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return { ...built, mail: mailer.sent, json };
}

/** What must survive a restore, read through the API (and the history table, which no route lists whole). */
async function snapshot(server: TestServer, org: FilledOrg) {
  const { accessToken } = await signInUser(server, org.admin.email, org.admin.password);
  const get = async (p: string) => {
    const res = await server.json('GET', p, undefined, accessToken);
    expect(res.status, `${p}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const certs = await get('/api/certifications');
  const verified = await Promise.all(certs.certifications.map((c: { verify_code: string }) => server.json('GET', `/api/verify/${c.verify_code}`).then((r) => r.body)));
  const download = await server.app.request(`/api/evidence/${org.evidenceId}/download`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(download.status).toBe(200);
  const history = await server.deps.db
    .select({ questionId: responseHistory.questionId, answer: responseHistory.answer, version: responseHistory.version, origin: responseHistory.origin, at: responseHistory.createdAt })
    .from(responseHistory)
    .where(eq(responseHistory.assessmentId, org.assessmentId))
    .orderBy(asc(responseHistory.createdAt), asc(responseHistory.questionId));
  return {
    assessment: await get(`/api/assessments/${org.assessmentId}`),
    answers: await get(`/api/assessments/${org.assessmentId}/responses`),
    history,
    certifications: certs.certifications,
    verified,
    evidenceSha256: sha256(new Uint8Array(await download.arrayBuffer())),
  };
}

describe('backup and restore (docs/operations/backup-restore.md)', () => {
  it('one machine: the PGlite data directory and the evidence folder, archived while stopped, restore into a working server', async () => {
    const dataDir = await tempDir('live');
    const server = await start({ DATA_DIR: dataDir });
    const org = await filledOrganization(server, 'Backupone Research', { paid: false, emailTag: 'backupone' });
    const before = await snapshot(server, org);
    expect(before.evidenceSha256).toBe(sha256(org.evidenceBytes));
    expect(before.verified[0]).toMatchObject({ status: 'current', sha256: before.certifications[0].sha256 });

    // 1. Stop. 2. Archive both folders in one go. 3. Unpack on the new machine. 4. Start there.
    await server.close();
    const archive = path.join(await tempDir('archive'), 'mvrsp-backup.tar.gz');
    await run('tar', ['-C', dataDir, '-czf', archive, 'pgdata', 'evidence']);
    const restoredDir = await tempDir('restored');
    await run('tar', ['-C', restoredDir, '-xzf', archive]);
    await rm(dataDir, { recursive: true, force: true }); // the old machine is gone

    const restored = await start({ DATA_DIR: restoredDir });
    cleanups.push(() => restored.close());
    expect(await snapshot(restored, org)).toEqual(before);
  }, 180_000);

  it('several instances: pg_dump -Fc, pg_restore into a fresh database, evidence copied after the dump', async () => {
    if (!TEST_DATABASE_URL) throw new Error('the PostgreSQL rehearsal needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
    const names = { live: `mvrsp_backup_live_${process.pid}_w${WORKER_ID}`, restored: `mvrsp_backup_restored_${process.pid}_w${WORKER_ID}` };
    const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    const urlOf = (name: string) => {
      const u = new URL(TEST_DATABASE_URL!);
      u.pathname = `/${name}`;
      return u.toString();
    };
    for (const name of Object.values(names)) {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.unsafe(`CREATE DATABASE ${name}`);
    }
    cleanups.push(async () => {
      for (const name of Object.values(names)) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    });

    const dataDir = await tempDir('pg-live');
    const server = await start({ DATA_DIR: dataDir, DATABASE_URL: urlOf(names.live) });
    const org = await filledOrganization(server, 'Backuptwo Institute', { paid: false, emailTag: 'backuptwo' });
    const before = await snapshot(server, org);

    // The database first (a consistent snapshot while the app runs), then the files: every row in the
    // dump then has its bytes in the later file copy.
    const dump = path.join(await tempDir('pg-dump'), 'mvrsp.dump');
    await run('/usr/bin/pg_dump', ['-Fc', '--no-owner', '-f', dump, urlOf(names.live)]);
    const filesCopy = path.join(await tempDir('pg-files'), 'evidence.tar');
    await run('tar', ['-C', dataDir, '-cf', filesCopy, 'evidence']);
    await server.close();

    await run('/usr/bin/pg_restore', ['--no-owner', '--exit-on-error', '-d', urlOf(names.restored), dump]);
    const restoredDir = await tempDir('pg-restored');
    await run('tar', ['-C', restoredDir, '-xf', filesCopy]);
    const restored = await start({ DATA_DIR: restoredDir, DATABASE_URL: urlOf(names.restored) });
    cleanups.push(() => restored.close());
    expect(await snapshot(restored, org)).toEqual(before);
  }, 180_000);
});
