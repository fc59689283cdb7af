// Downloadable detailed reports (PDF, DOCX) and the corrective action plan (XLSX), generated on
// the server from the stored result. Members download their organization's reports under
// /api/assessments/{id}/... (reportsRoutes, part of the /api/assessments router); system admins any
// organization's under /api/admin/assessments/{id}/... (adminReportsRoutes, part of /api/admin).
// The routers in server/api/ declare the guards (session, profile, ownership, system_admin).
// Both answer 403 payment_required until the organization's payment is verified.
import { Hono, type Context } from 'hono';
import { rateLimit, RATE_LIMITS } from '../../lib/rate-limit.ts';
import { assessmentParam, validate } from '../../lib/validator.ts';
import type { AppEnv } from '../../lib/factory.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { loadReportDocument, organizationOfAssessment, type ReportDocument } from './reports.data.ts';
import { renderReportDocx } from './reports.docx.ts';
import { reportFileName } from './reports.format.ts';
import { renderReportPdf } from './reports.pdf.ts';
import { renderActionsXlsx } from './reports.xlsx.ts';
import { serviceContext } from '../../lib/context.ts';

export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export type ReportFormat = keyof typeof CONTENT_TYPES;
type Format = ReportFormat;

export interface ReportFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

/**
 * One report file of a loaded report: the detailed report (PDF, DOCX) or its action plan (XLSX).
 * The download routes and the organization export (server/features/data-export) both build files here.
 */
/** The file name a report format downloads as (also what the organization export lists when a report is withheld). */
export const reportFormatFileName = (doc: Pick<ReportDocument, 'organizationName' | 'assessmentId'>, format: Format) =>
  reportFileName(doc, format === 'xlsx' ? 'actions' : 'report', format);

export async function renderReportFile(doc: ReportDocument, format: Format, opts: { compress: boolean }): Promise<ReportFile> {
  const bytes =
    format === 'pdf' ? await renderReportPdf(doc, { compress: opts.compress }) : format === 'docx' ? await renderReportDocx(doc) : await renderActionsXlsx(doc);
  return { bytes, fileName: reportFormatFileName(doc, format), contentType: CONTENT_TYPES[format] };
}

async function render(c: Context<AppEnv>, doc: ReportDocument, format: Format): Promise<Response> {
  const file = await renderReportFile(doc, format, { compress: c.var.deps.env.NODE_ENV !== 'test' });
  return c.body(new Uint8Array(file.bytes), 200, {
    'content-type': file.contentType,
    'content-disposition': contentDisposition(file.fileName),
    'cache-control': 'private, no-store',
  });
}

async function download(c: Context<AppEnv>, assessmentId: string, organizationId: string | null, format: Format): Promise<Response> {
  const ctx = serviceContext(c);
  const doc = await loadReportDocument(ctx, {
    assessmentId,
    organizationId: organizationId ?? '',
    now: ctx.now(),
    checkoutUrl: ctx.env.CHECKOUT_URL,
  });
  return render(c, doc, format);
}

/** The caller's own organization's report (the validated, lower-cased id). */
const own = (c: Context<AppEnv>, id: string, format: Format) => download(c, id, c.var.caller.organizationId, format);
/** Any organization's report (system_admin). */
const any = async (c: Context<AppEnv>, id: string, format: Format) => download(c, id, await organizationOfAssessment(serviceContext(c), id), format);

/** /api/assessments/{id}/... */
export const reportsRoutes = new Hono<AppEnv>()
  .get('/:id/report.pdf', validate('param', assessmentParam), rateLimit(RATE_LIMITS.reportFile), (c) => own(c, c.req.valid('param').id, 'pdf'))
  .get('/:id/report.docx', validate('param', assessmentParam), rateLimit(RATE_LIMITS.reportFile), (c) => own(c, c.req.valid('param').id, 'docx'))
  .get('/:id/actions.xlsx', validate('param', assessmentParam), rateLimit(RATE_LIMITS.reportFile), (c) => own(c, c.req.valid('param').id, 'xlsx'));

/** /api/admin/assessments/{id}/... (the /api/admin router: system_admin) */
export const adminReportsRoutes = new Hono<AppEnv>()
  .get('/assessments/:id/report.pdf', rateLimit(RATE_LIMITS.reportFile), validate('param', assessmentParam), (c) => any(c, c.req.valid('param').id, 'pdf'))
  .get('/assessments/:id/report.docx', rateLimit(RATE_LIMITS.reportFile), validate('param', assessmentParam), (c) => any(c, c.req.valid('param').id, 'docx'))
  .get('/assessments/:id/actions.xlsx', rateLimit(RATE_LIMITS.reportFile), validate('param', assessmentParam), (c) => any(c, c.req.valid('param').id, 'xlsx'));
