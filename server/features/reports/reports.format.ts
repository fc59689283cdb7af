// Shared formatting for the report files (PDF, DOCX, XLSX): the same words and numbers everywhere.
import type { ResultView } from '#domain/contracts/assessments.ts';
import { describeProfile } from '#domain/questions/applicability.ts';
import { citationLine, type CitationView } from '#domain/questions/citation.ts';
import { minimumPointsFor } from '#domain/scoring/policy.ts';
import { formatDate as formatDateIn } from '#domain/dates.ts';
import { slugify } from '#domain/text.ts';
import type { ReportDocument } from './reports.data.ts';

export const PRODUCT_NAME = 'MVRSP Assess';
export const REPORT_TITLE = 'Research Security Program Assessment';

/** A date in the report files: "November 22, 2026", in UTC like every server date. */
export const formatDate = (iso: string | null): string => formatDateIn(iso, { locale: 'en-US', month: 'long', timeZone: 'UTC' });

export const shortId = (id: string) => id.slice(0, 8);

export { PRIORITY_LABEL, STATUS_LABEL } from '../actions/index.ts';

/** A table cell of a report file: plain text, or text with a smaller, muted note under it (e.g. sources). */
export type ReportCell = string | { text: string; note?: string };

export const cellParts = (cell: ReportCell): { text: string; note: string } =>
  typeof cell === 'string' ? { text: cell, note: '' } : { text: cell.text, note: cell.note ?? '' };

/** A date style of the report files, for citationLine ("July 17, 2025"). */
const REPORT_DATE_STYLE = { locale: 'en-US', month: 'long' } as const;

/**
 * The sources of a gap, as the on-screen gap analysis lists them: "Sources:" then a line per source
 * with its title, issuer, date, pinpoint, status with its effective date, and URL (citationLine).
 * '' when it cites none.
 */
export const sourcesLine = (citations: readonly CitationView[]): string =>
  citations.length ? ['Sources:', ...citations.map((c) => citationLine(c, REPORT_DATE_STYLE))].join('\n') : '';

type IndexRow = ReportDocument['evidence'][number];

/** Under the files of a question none of whose files is current on the generation day. */
export const NO_CURRENT_EVIDENCE = 'No current document: every file on record has expired.';

/**
 * One file of the evidence index: "policy.pdf (12 KB, uploaded January 15, 2026)" and, on the next
 * line, its dates: "Effective January 15, 2026 · Expires January 15, 2027", ending "· Expired" once
 * past its expiry (ADR 019).
 */
export function evidenceFileLine(f: IndexRow['files'][number], opts: { size: boolean }): string {
  const size = opts.size ? `${Math.max(1, Math.round(f.sizeBytes / 1024))} KB, ` : '';
  const dates = [`Effective ${formatDate(f.effectiveOn)}`, f.expiresOn ? `Expires ${formatDate(f.expiresOn)}` : 'No expiry', ...(f.expired ? ['Expired'] : [])];
  return `${f.name} (${size}uploaded ${formatDate(f.uploadedAt)})\n${dates.join(' · ')}`;
}

/** The "Files on record" cell of the evidence index (PDF and DOCX). */
export function evidenceFilesCell(e: IndexRow, opts: { size: boolean }): ReportCell {
  if (!e.files.length) return 'None attached';
  const text = e.files.map((f) => evidenceFileLine(f, opts)).join('\n');
  return e.hasCurrentEvidence ? text : { text, note: NO_CURRENT_EVIDENCE };
}

/** Said of assessments started before applicability profiles existed (every question was asked). */
export const PROFILE_NOT_RECORDED = 'Not recorded (started before applicability profiles)';

/**
 * The score with its scaling: "Score 117 of 140 (101 of 120 applicable points, scaled to 140)";
 * when every question applied the points earned are the score (scaledScore in domain/scoring/policy.ts).
 */
export function scoreLine(r: Pick<ResultView, 'totalScore' | 'maxScore' | 'earned_points' | 'applicable_points'>): string {
  const head = `Score ${r.totalScore} of ${r.maxScore}`;
  return r.applicable_points === r.maxScore
    ? `${head} (${r.earned_points} of ${r.maxScore} points; every question applied, so nothing is scaled)`
    : `${head} (${r.earned_points} of ${r.applicable_points} applicable points, scaled to ${r.maxScore})`;
}

/** The applicability profile the assessment was asked against, one row per part (describeProfile). */
export function profileRows(doc: ReportDocument): { label: string; value: string }[] {
  return doc.applicability ? describeProfile(doc.applicability) : [{ label: 'Applicability profile', value: PROFILE_NOT_RECORDED }];
}

/** The same profile on one line (spreadsheet header). */
export const profileLine = (doc: ReportDocument): string => `Asked against: ${profileRows(doc).map((r) => `${r.label}: ${r.value}`).join('. ')}`;

/** What the profile meant for this assessment: how many questions were asked and how many were gates. */
export function askedSentence(doc: ReportDocument): string {
  const { questions, gates } = doc.asked;
  const which = doc.applicability ? 'the questions that apply to this profile' : 'every question of the questionnaire';
  return `This assessment asked ${which}: ${questions} question${questions === 1 ? '' : 's'}, ${gates} of them critical (a No on a critical question fails the assessment).`;
}

/**
 * The executive summary's first sentence. The percentage is of the points that apply (earned ÷
 * applicable, domain/scoring/scoring.ts), which is what the grade is read from, so the sentence
 * says so whenever it differs from a share of the score out of the maximum.
 */
export function summarySentence(doc: ReportDocument): string {
  const r = doc.report.result;
  const share =
    r.applicable_points === r.maxScore
      ? `${r.percentage}% of the maximum`
      : `${r.percentage}% of the ${r.applicable_points} points that apply to it: ${r.earned_points} earned`;
  return `${doc.organizationName} scored ${r.totalScore} of ${r.maxScore} points (${share}), grade ${r.grade}, and the assessment result is ${r.passFail}.`;
}

export function passFailReasons(doc: ReportDocument): string[] {
  const r = doc.report.result;
  if (r.failReasons.length) return r.failReasons;
  return [`The score of ${r.totalScore} meets the pass threshold of ${doc.scoringMethod.passThresholdPoints} points and every critical question is answered Yes.`];
}

/** The grade scale table of the scoring method: grade, share of the maximum, minimum points. */
export const GRADE_SCALE_HEADERS = (maxScore: number) => ['Grade', 'Share of the maximum score', `Minimum points (of ${maxScore})`] as const;
export function gradeScaleRows(doc: ReportDocument): string[][] {
  const max = doc.scoringMethod.maxScore;
  return doc.scoringMethod.gradeScale.map((g) => [g.grade, `${g.minPercentage}% or more`, String(minimumPointsFor(g.grade, max))]);
}

export function scoringMethodParagraphs(doc: ReportDocument): string[] {
  const m = doc.scoringMethod;
  const scale = m.gradeScale.map((g) => `${g.grade} from ${g.minPercentage}%`).join('; ');
  return [
    `Each question asked is answered Yes or No. A Yes earns the question's points (1 to 5, weighted by the consequence of a No); a No earns none. The full questionnaire totals ${m.maxScore} points across five domains.`,
    m.scalingRule,
    `Per-domain scores show the points earned out of the points of the questions asked in the domain, and the weighted percentage of that domain.`,
    `Grade scale (share of ${m.maxScore} points): ${scale}.`,
    `Pass requires a score of at least ${m.passThresholdPoints} (${m.passPercentage}% of ${m.maxScore})${m.criticalMustBeYes ? ' and a Yes on every critical question asked; a No on any of them fails the assessment whatever the score. A question is critical for an organization only where the duty it rests on applies to it' : ''}.`,
    `Every No becomes a gap in the gap analysis and an item of the corrective action plan, with a priority and a target date counted from the submission date.`,
  ];
}

/** A clean attachment name, e.g. mvrsp-report-acme-research-1a2b3c4d.pdf */
export function reportFileName(doc: Pick<ReportDocument, 'organizationName' | 'assessmentId'>, kind: 'report' | 'actions', ext: string): string {
  const slug = slugify(doc.organizationName);
  const stem = kind === 'report' ? 'mvrsp-report' : 'mvrsp-corrective-actions';
  return `${stem}-${slug}-${shortId(doc.assessmentId)}.${ext}`;
}
