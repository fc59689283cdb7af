// Shared setup of the browser benches: an org admin with a new assessment, signed in through the
// login form, on the questionnaire page of the real server (tests/e2e/harness.ts).
import type { BrowserContext, Page } from 'playwright-core';
import { createOrgAdmin } from '#tests/isolation/fixtures.ts';
import { asTestServer } from '#tests/e2e/assessment-helpers.ts';
import { signIn, type Harness } from '#tests/e2e/harness.ts';
import { SAVE_PROBE } from './questionnaire-page.ts';

export interface BenchQuestionnaire {
  server: ReturnType<typeof asTestServer>;
  admin: Awaited<ReturnType<typeof createOrgAdmin>>;
  assessmentId: string;
  idByCode: Record<string, string>;
  ctx: BrowserContext;
  page: Page;
}

/** `init`: a script run in the page before the app (after tsx's __name helper and SAVE_PROBE). */
export async function openBenchQuestionnaire(h: Harness, init = ''): Promise<BenchQuestionnaire> {
  const server = asTestServer(h);
  const admin = await createOrgAdmin(server, { organizationName: 'Bench College', email: `bench-${Date.now()}@college.test` });
  const created = await server.json('POST', '/api/assessments/create', { organizationId: admin.organizationId }, admin.accessToken);
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  const assessmentId = created.body.assessmentId as string;
  const questions = await server.json('GET', `/api/questions?assessmentId=${assessmentId}`, undefined, admin.accessToken);
  const idByCode = Object.fromEntries((questions.body as { id: string; code: string }[]).map((q) => [q.code, q.id]));
  const ctx = await h.newContext();
  // tsx compiles with keepNames: functions sent to the page call esbuild's __name helper.
  await ctx.addInitScript(`globalThis.__name = globalThis.__name || ((fn) => fn);\n${SAVE_PROBE}\n${init}`);
  const page = await ctx.newPage();
  await signIn(page, admin.email, admin.password);
  await page.goto(`/assessment/${assessmentId}`);
  await page.getByTestId('question-code').waitFor();
  return { server, admin, assessmentId, idByCode, ctx, page };
}
