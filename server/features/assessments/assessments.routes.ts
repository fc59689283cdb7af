// The assessments feature's part of the /api/assessments router (server/api/assessments.ts, which
// declares the session, profile and ownership guards once): the list and creation, then one
// assessment's answers, submit, results and the detailed report.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { answerFormSchema, createAssessmentSchema, submitAssessmentSchema } from '#domain/contracts/assessments.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { requireWritable } from '../../lib/caller.ts';
import { validate } from '../../lib/validator.ts';
import { applyAnswer, listAnswerViews } from './answers.service.ts';
import { getReport, getResults } from './assessments.report.ts';
import { createAssessment, getAssessmentDetail, getOwnedAssessment, listAssessments } from './assessments.service.ts';
import { owned, savesInOneStatement } from './own-assessment.ts';
import { mutationIdFromKey, submitAssessment, submitAssessmentIdempotent } from './assessments.submit.ts';
import { readEvidenceForm, responsesBodyLimit } from '../evidence/index.ts';
import { callerContext, serviceContext } from '../../lib/context.ts';

const CHANGED_BY_SOMEONE_ELSE = 'This answer was changed by someone else. Review their answer and try again.';

/** The optional JSON body of submit; an empty or non-JSON body means "no mutation id". */
async function readSubmitBody(raw: string) {
  if (!raw.trim()) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return {};
  }
  const parsed = submitAssessmentSchema.safeParse(json);
  if (!parsed.success) throw new AppError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

const isMultipart = (c: Context) => (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/** The answer from a JSON body or a small urlencoded form (a multipart form is read by the evidence feature, readEvidenceForm). */
async function readAnswerBody(c: Context<AppEnv>) {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const raw: unknown = type.startsWith('application/json')
    ? await c.req.json().catch(() => null)
    : await c.req.parseBody({ all: true }).catch(() => null);
  return parseAnswer(raw);
}

function parseAnswer(raw: unknown) {
  if (raw === null || typeof raw !== 'object') throw badRequest('Send the answer as a multipart form or JSON');
  const parsed = answerFormSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(issues[0]?.message ?? 'Invalid request', issues);
  }
  return parsed.data;
}

/** The JSON save: the body, then the statement; a bad body on another organization's assessment is still a 404. */
async function saveJsonAnswer(c: Context<AppEnv>) {
  const ctx = callerContext(c);
  const { caller } = ctx;
  const assessmentId = c.req.param('id') ?? '';
  const organizationId = caller.organizationId;
  if (!organizationId) throw notFound('Assessment not found');
  let body: Awaited<ReturnType<typeof readAnswerBody>>;
  try {
    body = await readAnswerBody(c);
  } catch (err) {
    await getOwnedAssessment(ctx, assessmentId, organizationId);
    throw err;
  }
  const { questionId, answer, baseVersion } = body;
  return applyAnswer(ctx, { assessmentId, organizationId, questionId, answer, baseVersion, userId: caller.id });
}

/**
 * A multipart (or suspended-organization) save: ownership checked first, then the form read as a
 * stream with its files staged (refused files stop the request), the files attached, then the answer.
 */
async function saveFormAnswer(c: Context<AppEnv>) {
  const ctx = callerContext(c);
  const { caller } = ctx;
  const a = owned(c);
  const save = ({ questionId, answer, baseVersion }: ReturnType<typeof parseAnswer>) =>
    applyAnswer(ctx, { assessmentId: a.id, organizationId: a.organizationId, questionId, answer, baseVersion, userId: caller.id });
  if (!isMultipart(c)) {
    return { result: await save(await readAnswerBody(c)), evidence: [] };
  }
  const form = await readEvidenceForm(c);
  try {
    const fields = parseAnswer(form.fields);
    const evidence = await form.attach(a.id, fields.questionId); // evidence_0..n
    return { result: await save(fields), evidence };
  } finally {
    await form.discard();
  }
}

/**
 * The answer route's two bodies as types only, for `hc<ApiType>` callers (a field renamed here fails
 * their typecheck, tests/types/answer-route.test-d.ts): JSON, or a form whose
 * `evidence_0..n` file parts are staged as they stream in. Nothing is read here: which body came is
 * decided by its Content-Type (saveJsonAnswer, saveFormAnswer), and a validator would buffer the
 * whole form before the streamed reader's size and type checks.
 */
type AnswerFields = { questionId: string; answer: z.infer<typeof answerFormSchema>['answer']; baseVersion?: number };
type AnswerForm = Omit<AnswerFields, 'baseVersion'> & { baseVersion?: string } & { [evidence: `evidence_${number}`]: File };
const answerBodies: MiddlewareHandler<AppEnv, '/:id/responses', { in: { json?: AnswerFields; form?: AnswerForm }; out: object }> = async (_c, next) => {
  await next();
};

/** No assessment id: the organization's list and a new assessment. */
export const assessmentListRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listAssessments(serviceContext(c), c.var.caller.organizationId), 200))
  .post('/create', requireWritable, validate('json', createAssessmentSchema), async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const { organizationId, startFrom } = c.req.valid('json');
    const input = { organizationId, callerOrganizationId: caller.organizationId, userId: caller.id, callerRole: caller.role, startFrom };
    const created = await createAssessment(ctx, input);
    return c.json({ assessmentId: created.assessmentId, startFrom: created.startFrom }, 201);
  });

/** One assessment, the caller's organization's (ownAssessment ran first). */
export const assessmentRoutes = new Hono<AppEnv>()
  .get('/:id', async (c) => c.json(await getAssessmentDetail(serviceContext(c), owned(c)), 200))
  .get('/:id/responses', async (c) => c.json(await listAnswerViews(serviceContext(c), owned(c).id), 200))
  .post('/:id/responses', requireWritable, responsesBodyLimit, answerBodies, async (c) => {
    const { result, evidence } = savesInOneStatement(c) ? { result: await saveJsonAnswer(c), evidence: [] } : await saveFormAnswer(c);
    if (result.status === 'conflict') throw new AppError(409, 'conflict', CHANGED_BY_SOMEONE_ELSE, { answer: result.answer });
    return c.json(evidence.length > 0 ? { ...result, evidence } : result, 200);
  })
  .post('/:id/submit', requireWritable, async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const a = owned(c);
    const body = await readSubmitBody(await c.req.text());
    const key = c.req.header('idempotency-key')?.trim();
    const input = { assessmentId: a.id, organizationId: a.organizationId, userId: caller.id, now: ctx.now() };
    const mutationId = body.mutationId ?? (key ? mutationIdFromKey(key.slice(0, 255), caller.id) : undefined);
    const view = mutationId ? await submitAssessmentIdempotent(ctx, { ...input, mutationId }) : await submitAssessment(ctx, input);
    return c.json(view, 200);
  })
  .get('/:id/results', async (c) => {
    return c.json(await getResults(serviceContext(c), owned(c).id, c.var.caller.organizationId), 200);
  })
  .get('/:id/report', async (c) => {
    const ctx = callerContext(c);
    const { caller } = ctx;
    const scope = { assessmentId: owned(c).id, organizationId: caller.organizationId, now: ctx.now(), checkoutUrl: ctx.env.CHECKOUT_URL };
    return c.json(await getReport(ctx, scope), 200);
  });
