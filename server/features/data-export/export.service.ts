// GET /api/organization/export: everything one organization owns, as one zip streamed to its
// org_admin (docs/decisions/023-data-export-and-deletion.md). Tables are JSON files (one array of
// objects each, snake_case keys as in the API); files are the evidence bytes from the object store,
// the certificate PDFs and, where the detailed report is released, the report files the reports
// feature renders for download. manifest.json is written last: it lists every other entry with its
// size and SHA-256, the counts, the reports withheld and why, the columns withheld (an unpaid
// organization's action target dates: gateActionRow, ADR 012) and evidence whose bytes are missing.
// For people rather than programs: README.txt at the root explains the layout and lists the
// assessments, and each assessment's answers.csv holds its answers as a spreadsheet opens them.
import { asc, eq, inArray } from 'drizzle-orm';
import { utcDay } from '#domain/dates.ts';
import { fullName, slugify, toCsv } from '#domain/text.ts';
import {
  assessmentQuestions,
  assessments,
  certifications,
  correctiveActions,
  deferrals,
  domains,
  evidenceFiles,
  invitations,
  joinRequests,
  organizations,
  profiles,
  questions,
  responseHistory,
  responses,
} from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { errorForLog } from '../../lib/logger.ts';
import { actionPlanFileName, gateActionRow, isReportReleased, listActionPlan, PAID_ACTION_COLUMNS, PAYMENT_REQUIRED_MESSAGE, renderActionPlanXlsx } from '../actions/index.ts';
import { findOwnCertification, listCertifications, renderCertificatePdf, verifyUrl } from '../certifications/index.ts';
import { loadReportDocument, renderReportFile, reportFormatFileName, type ReportFormat } from '../reports/index.ts';
import { ExportZip, safeFileName } from './export.zip.ts';
import type { CallerContext } from '../../lib/context.ts';

/** The manifest's `format`; `format_version` changes when a file's shape changes incompatibly. */
export const EXPORT_FORMAT = 'mvrsp-organization-export';
export const EXPORT_FORMAT_VERSION = 1;

/** Evidence in these states has stored bytes (an upload still in progress or detached has none to keep). */
const EXPORTED_EVIDENCE = ['complete', 'attached'] as const;
const REPORT_FORMATS: readonly ReportFormat[] = ['pdf', 'docx', 'xlsx'];

const snake = (key: string) => key.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

/** A database row as the export writes it: snake_case keys; dates become ISO strings through JSON. */
function exportRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v]));
}

export interface WithheldReport {
  /** The assessment whose report it is; null for the organization-wide action plan. */
  assessment_id: string | null;
  files: string[];
  reason: string;
}

/** Columns of an exported table left out until payment is verified (the file itself is in the zip). */
export interface WithheldFields {
  file: string;
  fields: string[];
  reason: string;
}

export interface MissingFile {
  evidence_id: string;
  assessment_id: string;
  file_name: string;
  reason: string;
}

export const exportFileName = (organizationName: string, at: Date) => {
  return `mvrsp-export-${slugify(organizationName)}-${utcDay(at)}.zip`;
};

/**
 * Checks the caller, records the export in the audit log and starts writing the zip. Returns the
 * stream at once; entries are added while the client reads. A failure after the first byte cannot
 * change the status any more: it is logged and ends the stream with an error, so the download
 * fails rather than ending as a partial zip that looks complete.
 */
export async function startOrganizationExport(ctx: CallerContext): Promise<{ zip: ExportZip; fileName: string }> {
  const { caller } = ctx;
  const organizationId = caller.organizationId;
  if (!organizationId) throw forbidden('Only members of an organization can export its data');
  const [org] = await ctx.db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw notFound('Organization not found');
  const now = ctx.now();
  await writeAudit(ctx.db, {
    actorId: caller.id,
    action: 'organization.exported',
    targetType: 'organization',
    targetId: organizationId,
    organizationId,
    before: null,
    after: { name: org.name, exported_at: now.toISOString() },
  });
  const zip = new ExportZip(now);
  void writeExport(ctx, org, zip, now).then(
    () => zip.finish(),
    (err: unknown) => {
      ctx.logger.error('organization export failed', { organizationId, error: errorForLog(err) });
      zip.fail(err instanceof Error ? err : new Error(String(err)));
    },
  );
  return { zip, fileName: exportFileName(org.name, now) };
}

type OrganizationRow = typeof organizations.$inferSelect;

async function writeExport(ctx: CallerContext, org: OrganizationRow, zip: ExportZip, now: Date): Promise<void> {
  const { caller } = ctx;
  const { db } = ctx;
  const orgId = org.id;
  const compress = ctx.env.NODE_ENV !== 'test';
  const counts: Record<string, number> = {};
  const withheld: WithheldReport[] = [];
  const withheldFields: WithheldFields[] = [];
  const missing: MissingFile[] = [];
  const released = await isReportReleased(ctx, orgId, now);

  // The join key is a credential (it admits people to the organization): never exported.
  const { joinKey: _joinKey, ...organization } = org;
  await zip.addJson('organization.json', exportRow(organization));

  const members = await db
    .select({ id: profiles.id, email: profiles.email, firstName: profiles.firstName, lastName: profiles.lastName, role: profiles.role, status: profiles.status, createdAt: profiles.createdAt })
    .from(profiles)
    .where(eq(profiles.organizationId, orgId))
    .orderBy(asc(profiles.createdAt));
  counts.members = members.length;
  await zip.addJson('members.json', members.map(exportRow));

  // Invitation token hashes stay out, like the join key.
  const invites = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      invitedBy: invitations.invitedBy,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      cancelledAt: invitations.cancelledAt,
      createdAt: invitations.createdAt,
    })
    .from(invitations)
    .where(eq(invitations.organizationId, orgId))
    .orderBy(asc(invitations.createdAt));
  await zip.addJson('invitations.json', invites.map(exportRow));
  const joins = await db.select().from(joinRequests).where(eq(joinRequests.organizationId, orgId)).orderBy(asc(joinRequests.createdAt));
  await zip.addJson('join-requests.json', joins.map(exportRow));

  const runs = await db.select().from(assessments).where(eq(assessments.organizationId, orgId)).orderBy(asc(assessments.startedAt));
  counts.assessments = runs.length;
  counts.answers = 0;
  counts.answer_history = 0;
  counts.deferrals = 0;
  counts.evidence_files = 0;
  counts.evidence_bytes = 0;
  const exportedKeys = new Map<string, string>();
  const domainNames = new Map((await db.select({ id: domains.id, name: domains.name }).from(domains)).map((d) => [d.id, d.name]));
  const memberEmails = new Map(members.map((m) => [m.id, m.email]));
  for (const run of runs) {
    const dir = `assessments/${run.id}`;
    await zip.addJson(`${dir}/assessment.json`, exportRow(run));
    const asked = await db
      .select({ questionId: assessmentQuestions.questionId, code: questions.code, domainId: questions.domainId, questionText: questions.questionText, critical: assessmentQuestions.critical, novelty: assessmentQuestions.novelty })
      .from(assessmentQuestions)
      .innerJoin(questions, eq(questions.id, assessmentQuestions.questionId))
      .where(eq(assessmentQuestions.assessmentId, run.id))
      .orderBy(asc(questions.sortOrder), asc(questions.code));
    await zip.addJson(`${dir}/questions.json`, asked.map(exportRow));
    const codeOf = new Map(asked.map((q) => [q.questionId, q.code]));
    const withCode = <T extends { questionId: string }>(r: T) => exportRow({ ...r, questionCode: codeOf.get(r.questionId) ?? null });

    const answers = await db.select().from(responses).where(eq(responses.assessmentId, run.id)).orderBy(asc(responses.createdAt));
    counts.answers += answers.length;
    await zip.addJson(`${dir}/answers.json`, answers.map(withCode));
    await zip.add(`${dir}/answers.csv`, answersCsv(asked, answers, domainNames, memberEmails));
    const history = await db.select().from(responseHistory).where(eq(responseHistory.assessmentId, run.id)).orderBy(asc(responseHistory.createdAt), asc(responseHistory.version));
    counts.answer_history += history.length;
    await zip.addJson(`${dir}/answer-history.json`, history.map(withCode));
    const deferred = await db.select().from(deferrals).where(eq(deferrals.assessmentId, run.id)).orderBy(asc(deferrals.createdAt));
    counts.deferrals += deferred.length;
    await zip.addJson(`${dir}/deferrals.json`, deferred.map(withCode));

    const files = await db
      .select()
      .from(evidenceFiles)
      .where(eq(evidenceFiles.assessmentId, run.id))
      .orderBy(asc(evidenceFiles.createdAt));
    const listed: Record<string, unknown>[] = [];
    for (const f of files) {
      let exportPath: string | null = null;
      if ((EXPORTED_EVIDENCE as readonly string[]).includes(f.status) && f.organizationId === orgId) {
        // Evidence carried into a later assessment shares its stored bytes: written once, referenced twice.
        exportPath = exportedKeys.get(f.storageKey) ?? null;
        if (!exportPath) {
          const body = f.storageKey.startsWith(`${orgId}/`) ? await ctx.storage.get(f.storageKey) : null;
          if (body) {
            exportPath = `evidence/${run.id}/${f.id}-${safeFileName(f.fileName)}`;
            await zip.add(exportPath, body);
            exportedKeys.set(f.storageKey, exportPath);
            counts.evidence_files += 1;
            counts.evidence_bytes += zip.files.at(-1)!.bytes;
          } else {
            missing.push({ evidence_id: f.id, assessment_id: run.id, file_name: f.fileName, reason: 'The stored file was not found in the evidence store.' });
          }
        }
      }
      // storage_key is internal to the server; the export says where the bytes are in the zip.
      const { storageKey: _key, ...row } = f;
      listed.push(exportRow({ ...row, questionCode: codeOf.get(f.questionId) ?? null, exportPath }));
    }
    await zip.addJson(`${dir}/evidence.json`, listed);
  }

  const actions = await db.select().from(correctiveActions).where(eq(correctiveActions.organizationId, orgId)).orderBy(asc(correctiveActions.createdAt));
  counts.corrective_actions = actions.length;
  const questionCodes = actions.length
    ? new Map(
        (await db.select({ id: questions.id, code: questions.code }).from(questions).where(inArray(questions.id, [...new Set(actions.map((a) => a.questionId))]))).map((q) => [q.id, q.code]),
      )
    : new Map<string, string>();
  await zip.addJson(
    'action-plan/actions.json',
    actions.map((a) => exportRow({ ...gateActionRow(a, released), questionCode: a.code ?? questionCodes.get(a.questionId) ?? null })),
  );
  if (!released) withheldFields.push({ file: 'action-plan/actions.json', fields: PAID_ACTION_COLUMNS.map(snake), reason: PAYMENT_REQUIRED_MESSAGE });
  const planName = actionPlanFileName(org.name, now);
  if (released) {
    const plan = await listActionPlan(ctx, { organizationId: orgId, now, checkoutUrl: ctx.env.CHECKOUT_URL }, { status: 'all' });
    await zip.add(
      `action-plan/${planName}`,
      await renderActionPlanXlsx({ organizationName: org.name, generatedAt: now, filterLine: `Filter: Status: every status (${plan.items.length} actions)`, items: plan.items }),
    );
  } else {
    withheld.push({ assessment_id: null, files: [`action-plan/${planName}`], reason: PAYMENT_REQUIRED_MESSAGE });
  }

  // Certification records are immutable: every column, including the canonical text its SHA-256 covers.
  const certRows = await db.select().from(certifications).where(eq(certifications.organizationId, orgId)).orderBy(asc(certifications.signedAt), asc(certifications.createdAt));
  counts.certifications = certRows.length;
  await zip.addJson('certifications/certifications.json', certRows.map(exportRow));
  if (certRows.length > 0) {
    const { certifications: views } = await listCertifications(ctx);
    for (const view of views) {
      const found = await findOwnCertification(ctx, view.id);
      const pdf = await renderCertificatePdf(
        { record: found.view, organizationName: found.organizationName, maxScore: found.maxScore, verifyUrl: verifyUrl(ctx.env.APP_URL, view.verify_code) },
        { compress },
      );
      await zip.add(`certifications/${safeFileName(`mvrsp-self-certification-${view.verify_code}`)}.pdf`, pdf);
    }
  }

  counts.report_files = 0;
  for (const run of runs.filter((r) => r.status === 'submitted')) {
    if (!released) {
      const names = REPORT_FORMATS.map((f) => `reports/${run.id}/${safeFileName(reportFormatFileName({ organizationName: org.name, assessmentId: run.id }, f))}`);
      withheld.push({ assessment_id: run.id, files: names, reason: PAYMENT_REQUIRED_MESSAGE });
      continue;
    }
    const doc = await loadReportDocument(ctx, { assessmentId: run.id, organizationId: orgId, now, checkoutUrl: ctx.env.CHECKOUT_URL });
    for (const format of REPORT_FORMATS) {
      const file = await renderReportFile(doc, format, { compress });
      await zip.add(`reports/${run.id}/${safeFileName(file.fileName)}`, file.bytes);
      counts.report_files += 1;
    }
  }

  await zip.add('README.txt', readme(org, runs, now, withheld.length > 0));
  await zip.addJson('manifest.json', {
    format: EXPORT_FORMAT,
    format_version: EXPORT_FORMAT_VERSION,
    organization: { id: org.id, name: org.name },
    exported_at: now.toISOString(),
    exported_by: { id: caller.id, email: caller.email, name: fullName(caller.firstName, caller.lastName) },
    tables: 'JSON: each table file is one array of objects with snake_case keys; timestamps are ISO 8601 in UTC.',
    counts,
    files: [...zip.files],
    withheld,
    withheld_fields: withheldFields,
    missing,
  });
}

type AskedQuestion = { questionId: string; code: string; domainId: string; questionText: string };
type AnswerRow = typeof responses.$inferSelect;

/**
 * One row per question asked in the assessment, in questionnaire order; a question not answered
 * has empty answer columns. Cells go through the CSV formula guard of domain/text.ts.
 */
function answersCsv(asked: AskedQuestion[], answers: AnswerRow[], domainNames: Map<string, string>, emails: Map<string, string>): string {
  const byQuestion = new Map(answers.map((r) => [r.questionId, r]));
  return toCsv(
    ['question_code', 'domain', 'question_text', 'answer', 'origin', 'updated_at', 'updated_by'],
    asked.map((q) => {
      const r = byQuestion.get(q.questionId);
      return [
        q.code,
        domainNames.get(q.domainId) ?? q.domainId,
        q.questionText,
        r?.answer,
        r?.origin,
        r?.updatedAt.toISOString(),
        r?.updatedBy ? (emails.get(r.updatedBy) ?? r.updatedBy) : null,
      ];
    }),
  );
}

type AssessmentRow = typeof assessments.$inferSelect;

const day = (d: Date | null) => (d ? utcDay(d) : '-');

/** README.txt: the zip's layout in plain words and one line per assessment. */
function readme(org: OrganizationRow, runs: AssessmentRow[], now: Date, anyWithheld: boolean): string {
  const lines = [
    `MVRSP Assess: data export of ${org.name}`,
    `Exported ${now.toISOString()} (UTC).`,
    '',
    'WHAT EACH FILE HOLDS',
    '',
    'manifest.json            Every other file with its size in bytes and SHA-256 checksum, the counts,',
    '                         report files withheld and why (withheld_fields: columns left out of a table',
    '                         file until payment is verified), and evidence files whose bytes were not found.',
    'organization.json        The organization record.',
    'members.json             Members: name, e-mail, role, status.',
    'invitations.json         Invitations sent, accepted and cancelled.',
    'join-requests.json       Requests to join with the organization key.',
    'assessments/<id>/        One folder per assessment (<id> is the assessment id listed below):',
    '  assessment.json        Status, dates, score, grade and the stored result.',
    '  questions.json         The questions asked, in questionnaire order.',
    '  answers.json           The current answers (one object per answered question).',
    '  answers.csv            The same answers for a spreadsheet: question code, domain, question text,',
    '                         answer, origin, updated at (UTC), updated by. One row per question asked;',
    '                         unanswered questions have empty answer columns. A cell that begins with',
    "                         = + - or @ starts with an apostrophe (') so it is not run as a formula.",
    '  answer-history.json    Every saved version of every answer.',
    '  deferrals.json         Questions deferred, with reasons and due dates.',
    '  evidence.json          Evidence file records; export_path says where the bytes are in this zip.',
    'evidence/<id>/           The evidence files themselves, byte for byte.',
    'action-plan/             actions.json (the corrective actions) and the action plan spreadsheet.',
    'certifications/          Self-certification records and their certificate PDFs.',
    'reports/<id>/            Report files (PDF, Word, spreadsheet) of submitted assessments.',
    ...(anyWithheld
      ? [
          '',
          'Some report files are not included until payment is verified: manifest.json ("withheld") names them.',
          'The target dates of corrective actions are left out of actions.json until then ("withheld_fields").',
        ]
      : []),
    '',
    'JSON files are UTF-8, one array of objects each, with snake_case keys; times are ISO 8601 in UTC.',
    '',
    'ASSESSMENTS',
    '',
  ];
  if (runs.length === 0) lines.push('None.');
  for (const r of runs) {
    lines.push(
      `- Started ${day(r.startedAt)}, submitted ${day(r.submittedAt)}, status ${r.status}, score ${r.totalScore ?? '-'}, grade ${r.grade ?? '-'}${r.passFail ? ` (${r.passFail})` : ''}`,
      `  folder assessments/${r.id}/`,
    );
  }
  return `${lines.join('\n')}\n`;
}
