// Everything a downloadable report shows, read from the stored result and the report data of the
// assessments feature (getReport: gap analysis + corrective action plan, payment gate included),
// so the files carry exactly the numbers the screen shows.
import { and, asc, eq } from 'drizzle-orm';
import type { ReportView } from '#domain/contracts/assessments.ts';
import { utcDay } from '#domain/dates.ts';
import { isCurrentEvidence, isExpired } from '#domain/evidence-freshness.ts';
import type { ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { CRITICAL_QUESTIONS_MUST_ALL_BE_YES, GRADE_SCALE, MAX_SCORE, PASS_PERCENTAGE, PASS_THRESHOLD_POINTS, SCALING_RULE_TEXT, type Grade } from '#domain/scoring/policy.ts';
import type { Db } from '../../db/client.ts';
import { assessments, evidenceFiles, organizations, profiles, questionnaireVersions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { getReport, loadAnswerMap } from '../assessments/index.ts';
import { loadAssessmentQuestions, type VersionQuestion } from '../questions/index.ts';
import type { ServiceContext } from '../../lib/context.ts';

export interface EvidenceIndexRow {
  code: string;
  questionText: string;
  evidenceDescription: string;
  answer: 'yes' | 'no' | null;
  files: {
    name: string;
    sizeBytes: number;
    sha256: string;
    uploadedAt: string;
    uploadedBy: string | null;
    /** YYYY-MM-DD the document took effect, and its last day (null: no expiry) (ADR 019). */
    effectiveOn: string;
    expiresOn: string | null;
    /** Past its expiry on the day the report is generated. */
    expired: boolean;
  }[];
  /** At least one attached file is current (not expired) on the day the report is generated. */
  hasCurrentEvidence: boolean;
}

export interface ReportDocument {
  report: ReportView;
  organizationName: string;
  assessmentId: string;
  versionLabel: string;
  startedAt: string;
  submittedAt: string;
  submittedBy: string | null;
  generatedAt: string;
  evidence: EvidenceIndexRow[];
  /** The profile the questions were chosen for (null: started before applicability profiles, every question asked). */
  applicability: ApplicabilityProfile | null;
  /** How many questions were asked in this assessment, and how many of them were gates. */
  asked: { questions: number; gates: number };
  scoringMethod: {
    maxScore: number;
    passPercentage: number;
    passThresholdPoints: number;
    criticalMustBeYes: boolean;
    gradeScale: { grade: Grade; minPercentage: number }[];
    /** SCALING_RULE_TEXT: how points earned on the questions that apply become a score of maxScore. */
    scalingRule: string;
  };
}

/** The organization of an assessment (system admins download any organization's report). */
export async function organizationOfAssessment(ctx: Pick<ServiceContext, 'db'>, assessmentId: string): Promise<string> {
  const { db } = ctx;
  const [a] = await db.select({ organizationId: assessments.organizationId }).from(assessments).where(eq(assessments.id, assessmentId));
  if (!a) throw notFound('Assessment not found');
  return a.organizationId;
}


/**
 * The questions asked that call for document evidence, or that have files attached, with their files
 * and dates. `today` (the generation day, UTC) decides which files are expired: an expired file is
 * listed but is not current evidence (domain/evidence-freshness.ts).
 */
async function loadEvidenceIndex(
  db: Db,
  assessmentId: string,
  qs: readonly VersionQuestion[],
  answers: Map<string, 'yes' | 'no'>,
  today: string,
): Promise<EvidenceIndexRow[]> {
  const files = await db
    .select({ e: evidenceFiles, first: profiles.firstName, last: profiles.lastName })
    .from(evidenceFiles)
    .leftJoin(profiles, eq(profiles.id, evidenceFiles.uploadedBy))
    .where(and(eq(evidenceFiles.assessmentId, assessmentId), eq(evidenceFiles.status, 'attached')))
    .orderBy(asc(evidenceFiles.createdAt));
  return qs
    .map((q) => {
      const own = files.filter((f) => f.e.questionId === q.id);
      return {
        code: q.code,
        questionText: q.questionText,
        evidenceDescription: q.evidenceDescription ?? '',
        answer: answers.get(q.id) ?? null,
        required: q.documentEvidenceRequired,
        files: own.map((f) => ({
          name: f.e.fileName,
          sizeBytes: f.e.sizeBytes,
          sha256: f.e.sha256,
          uploadedAt: f.e.createdAt.toISOString(),
          uploadedBy: f.first == null ? null : `${f.first} ${f.last ?? ''}`.trim(),
          effectiveOn: f.e.effectiveOn ?? utcDay(f.e.createdAt),
          expiresOn: f.e.expiresOn ?? null,
          expired: isExpired(f.e.expiresOn, today),
        })),
        hasCurrentEvidence: own.some((f) => isCurrentEvidence(f.e, today)),
      };
    })
    .filter((q) => q.required || q.files.length > 0)
    .map(({ required: _r, ...row }) => row);
}

/** Loads the report for the assessment of `organizationId` (404 for others, 403 payment_required before verification). */
export async function loadReportDocument(ctx: Pick<ServiceContext, 'db'>, scope: { assessmentId: string; organizationId: string; now: Date; checkoutUrl: string }): Promise<ReportDocument> {
  const { db } = ctx;
  const report = await getReport(ctx, scope);
  const [row] = await db
    .select({ a: assessments, orgName: organizations.name, label: questionnaireVersions.label, first: profiles.firstName, last: profiles.lastName })
    .from(assessments)
    .innerJoin(organizations, eq(organizations.id, assessments.organizationId))
    .innerJoin(questionnaireVersions, eq(questionnaireVersions.id, assessments.versionId))
    .leftJoin(profiles, eq(profiles.id, assessments.submittedBy))
    .where(eq(assessments.id, scope.assessmentId));
  if (!row) throw notFound('Assessment not found');
  const answerMap = await loadAnswerMap(ctx, row.a.id);
  const asked = await loadAssessmentQuestions(ctx, row.a.id);
  const answers = new Map(Object.entries(answerMap).filter((e): e is [string, 'yes' | 'no'] => e[1] === 'yes' || e[1] === 'no'));
  return {
    report,
    organizationName: row.orgName,
    assessmentId: row.a.id,
    versionLabel: row.label,
    startedAt: row.a.startedAt.toISOString(),
    submittedAt: report.result.submittedAt,
    submittedBy: row.first == null ? null : `${row.first} ${row.last ?? ''}`.trim(),
    generatedAt: scope.now.toISOString(),
    evidence: await loadEvidenceIndex(db, row.a.id, asked, answers, utcDay(scope.now)),
    applicability: report.result.applicability,
    asked: { questions: asked.length, gates: asked.filter((q) => q.critical).length },
    scoringMethod: {
      maxScore: MAX_SCORE,
      passPercentage: PASS_PERCENTAGE,
      passThresholdPoints: PASS_THRESHOLD_POINTS,
      criticalMustBeYes: CRITICAL_QUESTIONS_MUST_ALL_BE_YES,
      gradeScale: GRADE_SCALE.map((g) => ({ ...g })),
      scalingRule: SCALING_RULE_TEXT,
    },
  };
}
