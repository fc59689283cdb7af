// Evidence in a real browser against the real server: wrong kinds and oversize files are refused
// before queuing; a 5 MB PDF uploads in chunks, survives a dropped chunk and resumes from the
// server's offset; the stored file matches byte for byte.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, HAS_CHROMIUM, shot, startHarness, type Harness } from './harness.ts';
import { newOrgAdminSignedIn, pageToken, setApplicability } from './assessment-helpers.ts';


function pdf(size: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + 7) & 0xff;
  b.write('%PDF-1.7\n', 0, 'latin1');
  return b;
}

describe.skipIf(!HAS_CHROMIUM)('evidence uploads (Chromium)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses bad files with a message, and resumes a dropped upload to completion', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const email = `evidence-${Date.now()}@college.test`;
    await newOrgAdminSignedIn(h, page, { firstName: 'Eve', lastName: 'Dence', email, organizationName: 'Evidence Institute' });
    await setApplicability(h, page);
    await page.getByRole('link', { name: 'Start Assessment' }).first().click();
    await page.waitForURL(/\/assessment\/[0-9a-f-]{36}$/);
    const assessmentId = page.url().split('/').pop()!;
    await page.getByTestId('question-code').waitFor();
    const input = page.locator('input[type=file][multiple]');

    // Refused before queuing: a disguised executable and an oversize file.
    const exe = Buffer.alloc(2048);
    exe.write('MZ', 0, 'latin1');
    await input.setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: exe });
    await page.getByText('The content of this file does not match its type, so it cannot be attached.').waitFor();
    await input.setInputFiles(await h.fileOnDisk('huge.pdf', pdf(26 * 1024 * 1024)));
    await page.getByText('This file is larger than 25 MB. Please attach a smaller file.').waitFor();

    // The second chunk's connection drops; the uploader asks the server where it is and carries on.
    const patches: string[] = [];
    let dropped = false;
    await page.route('**/api/evidence/uploads/*', async (route) => {
      const req = route.request();
      if (req.method() !== 'PATCH') return route.continue();
      patches.push(req.headers()['upload-offset'] ?? '?');
      if (patches.length === 2 && !dropped) {
        dropped = true;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    const bytes = pdf(5 * 1024 * 1024);
    await input.setInputFiles({ name: 'security-policy.pdf', mimeType: 'application/pdf', buffer: bytes });
    const row = page.getByTestId('evidence-file').filter({ hasText: 'security-policy.pdf' });
    await row.getByText('Uploaded').waitFor({ timeout: 60_000 });
    await shot(page, 'evidence-uploaded');
    expect(dropped).toBe(true);
    const mb2 = String(2 * 1024 * 1024);
    expect(patches).toEqual(['0', mb2, mb2, String(4 * 1024 * 1024)]);

    const token = await pageToken(page);
    const list = await h.server.app.request(`/api/assessments/${assessmentId}/evidence`, { headers: { authorization: `Bearer ${token}` } });
    const [file] = (await list.json()) as Array<{ id: string; file_name: string; status: string; sha256: string }>;
    expect(file).toMatchObject({ file_name: 'security-policy.pdf', status: 'attached', sha256: createHash('sha256').update(bytes).digest('hex') });
    const download = await h.server.app.request(`/api/evidence/${file!.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), bytes)).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
