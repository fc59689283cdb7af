// Self-certification records (ADR 019): the statement an organization's signer attests, the
// canonical text of a record whose SHA-256 is stored with it, its validity and its status. Pure:
// no I/O; the SHA-256 uses Web Crypto (crypto.subtle), which browsers and Node.js both provide.
import type { AssessmentStatus, CertificationStatus, Ineligibility } from '../contracts/enums.ts';
import { addMonthsAt } from '../dates.ts';
import { INSTRUMENTS, instrumentsOf, type ApplicabilityProfile } from '../questions/applicability.ts';
import type { Grade, PassFail } from '../scoring/policy.ts';
import { fullName } from '../text.ts';
import { base32Encode } from '../base32.ts';

/** A record is valid for this many months after it is signed, unless signed again sooner. */
export const CERTIFICATION_VALIDITY_MONTHS = 12;

/** What the record is and is not, shown on the sign form, the certificate and the public verify page. */
export const SELF_CERTIFICATION_NOTICE =
  'This is a self-certification record made by the organization. It is not a certification, approval or endorsement by any federal agency, and MVRSP Assess does not verify the answers.';

/** The subtitle of the certificate: what the document is, before anything else is read. */
export const SELF_CERTIFICATION_SUBTITLE = 'Self-certification record — not a federal certification';

/**
 * The label of the organization's name wherever a record is shown: the name is the one the
 * organization registered itself, not an identity anyone checked.
 */
export const ORGANIZATION_NAME_LABEL = 'Organization (as registered in MVRSP Assess)';

/** Why a record is superseded, wherever its status is shown. */
export const SUPERSEDED_EXPLAINED = 'Superseded: a newer record or a later assessment replaces it.';

/**
 * The statement the signer attests, stored word for word in the record: the organization, the
 * questionnaire version, and that it is a self-certification, not a federal one.
 */
export function certificationStatement(organizationName: string, versionLabel: string): string {
  return (
    `I certify that ${organizationName} has assessed its research security program against the MVRSP questionnaire ${versionLabel}, ` +
    'and that the answers given in that assessment are true and complete to the best of my knowledge. ' +
    'This is a self-certification record made by the organization; it is not a certification by any federal agency.'
  );
}

/** When a record signed at `signedAt` expires. */
export const expiryOf = (signedAt: Date): Date => addMonthsAt(signedAt, CERTIFICATION_VALIDITY_MONTHS);

/**
 * Expired once `now` is past its expiry; otherwise superseded when something replaces it (a newer
 * record of the organization, or a later submitted assessment that did not pass: see
 * laterAssessmentFailed); otherwise current.
 */
export function statusOf(record: { expiresAt: Date | string }, replaced: boolean, now: Date): CertificationStatus {
  if (now.getTime() > new Date(record.expiresAt).getTime()) return 'expired';
  return replaced ? 'superseded' : 'current';
}

/** A submitted assessment of the organization, as far as a record's status needs it. */
export interface SubmittedAssessment {
  id: string;
  submittedAt: Date | string;
  passFail: PassFail | null;
}

/**
 * Whether the organization submitted an assessment after the certified one that did not pass: the
 * record's Pass no longer describes the organization, so the record is superseded even though no
 * newer record was signed. "After" is after the certified assessment's submission (after the
 * signature when that assessment is not among `submitted`).
 */
export function laterAssessmentFailed(record: { assessmentId: string; signedAt: Date | string }, submitted: readonly SubmittedAssessment[]): boolean {
  const certified = submitted.find((a) => a.id === record.assessmentId);
  const since = new Date(certified?.submittedAt ?? record.signedAt).getTime();
  return submitted.some((a) => a.id !== record.assessmentId && new Date(a.submittedAt).getTime() > since && a.passFail !== 'Pass');
}

// ---------- eligibility ----------

/** An assessment as far as signing needs it. */
export interface CertificationCandidate {
  id: string;
  status: AssessmentStatus;
  submittedAt: Date | string | null;
  passFail: PassFail | null;
  totalScore: number | null;
  grade: Grade | null;
}

/** The answer to each Ineligibility, shown by the sign form's page and returned by POST /api/certifications (409). */
export const INELIGIBLE_MESSAGE: Record<Ineligibility, string> = {
  none_submitted: 'No assessment submitted yet: once your organization submits an assessment that passes, it can be certified here.',
  not_submitted: 'Only a submitted assessment can be certified',
  not_latest: 'Only the organization’s latest submitted assessment can be certified',
  not_passed: 'Only an assessment that passed can be certified',
};

/** A candidate that passed the checks: submitted, passed, scored and graded. */
export type Certifiable<T extends CertificationCandidate> = T & { submittedAt: NonNullable<T['submittedAt']>; passFail: 'Pass'; totalScore: number; grade: Grade };

/**
 * The one rule of what can be certified: a submitted assessment that is the organization's latest
 * submitted one (`latestId`; null when none is) and passed. `assessment` null: nothing was
 * submitted. The reasons are checked in that order, so the answer names the first thing to fix.
 */
export function certificationEligibility<T extends CertificationCandidate>(
  assessment: T | null,
  latestId: string | null,
): { eligible: Certifiable<T>; reason: null } | { eligible: null; reason: Ineligibility } {
  if (!assessment) return { eligible: null, reason: 'none_submitted' };
  if (assessment.status !== 'submitted' || !assessment.submittedAt) return { eligible: null, reason: 'not_submitted' };
  if (assessment.id !== latestId) return { eligible: null, reason: 'not_latest' };
  if (assessment.passFail !== 'Pass' || assessment.totalScore === null || !assessment.grade) return { eligible: null, reason: 'not_passed' };
  return { eligible: assessment as Certifiable<T>, reason: null };
}

// ---------- the signer ----------

/** A name compared without regard to case or whitespace (Unicode NFC, so "é" typed either way matches). */
const nameKey = (name: string): string => name.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-US');

/** Whether the typed signer name is the signer's account name (case- and whitespace-insensitive). */
export const signerNameMatches = (typed: string, firstName: string, lastName: string): boolean => {
  const own = nameKey(fullName(firstName, lastName));
  return own !== '' && nameKey(typed) === own;
};

/** The answer to a typed name that is not the account's: the signer signs as themselves, nobody else. */
export const signerNameMismatch = (firstName: string, lastName: string): string =>
  fullName(firstName, lastName) === ''
    ? 'Add your first and last name to your account before you sign'
    : `Sign with the name on your account: ${fullName(firstName, lastName)}`;

/** Everything a record attests: the fields its canonical text (and so its SHA-256) covers, no others. */
export interface CertificationRecord {
  id: string;
  verifyCode: string;
  organizationId: string;
  organizationName: string;
  assessmentId: string;
  /** The account that signed: the hash covers who signed, not only the name typed. */
  signerUserId: string;
  signerName: string;
  signerTitle: string;
  statement: string;
  signedAt: Date;
  expiresAt: Date;
  totalScore: number;
  maxScore: number;
  grade: Grade;
  passFail: PassFail;
  versionId: number;
  versionLabel: string;
  applicability: ApplicabilityProfile | null;
  supersedesId: string | null;
  /** Format 2 on: the questions asked in the certified assessment (those its frozen profile applies). */
  questionCount: number;
  /** Format 2 on: a system admin had verified the organization's payment, valid on the signing day (organizations.paid_until). */
  paymentVerified: boolean;
  /** Format 2 on: whether MVRSP Assess had verified who the organization is (ORGANIZATION_IDENTITY_VERIFIED). */
  identityVerified: boolean;
}

/**
 * The formats of the canonical text. A change to its fields or encoding makes a new version; a
 * record keeps the text it was signed with, so every older record stays verifiable as it is.
 * 1: the record as first defined. 2: adds question_count, payment_verified, identity_verified.
 * 3: the applicability profile also carries its funding instruments when it has them (ADR 037).
 */
export const CANONICAL_FORMATS = ['mvrsp-self-certification/1', 'mvrsp-self-certification/2', 'mvrsp-self-certification/3'] as const;
export type CanonicalFormat = (typeof CANONICAL_FORMATS)[number];
/** The format new records are signed in. */
export const CANONICAL_FORMAT: CanonicalFormat = 'mvrsp-self-certification/3';

/**
 * MVRSP Assess does not check who an organization is: its name is the one it registered
 * (ORGANIZATION_NAME_LABEL). Format 2 records say so in the signed text; a check added later
 * would make a new format.
 */
export const ORGANIZATION_IDENTITY_VERIFIED = false;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** JSON with every object's keys sorted (arrays keep their order), no spaces. */
function stableStringify(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(value[k]!)}`).join(',')}}`;
}

/** The profile as signed: four parts; from format 3 also the funding instruments, when confirmed (each list in INSTRUMENTS order). */
function profileJson(p: ApplicabilityProfile | null, format: CanonicalFormat): Json {
  if (p === null) return null;
  const parts: Record<string, Json> = { kind: p.kind, covered: p.covered, agencies: [...p.agencies], activities: [...p.activities] };
  if (format === 'mvrsp-self-certification/3' && p.instruments) parts.instruments = Object.fromEntries(p.agencies.map((a) => [a, INSTRUMENTS.filter((i) => instrumentsOf(p, a).includes(i))]));
  return parts;
}

/**
 * The record's canonical text in `format`: JSON of exactly that format's CertificationRecord
 * fields (snake_case) plus the format, keys sorted at every level, instants as ISO 8601 UTC, no
 * whitespace. The same record gives the same text whatever the key order or extra properties of
 * the object passed in. Format 1 is kept only to reproduce records signed in it (tests, audits).
 */
export function canonicalForm(record: CertificationRecord, format: CanonicalFormat = CANONICAL_FORMAT): string {
  const fields: Record<string, Json> = {
    format,
    id: record.id,
    verify_code: record.verifyCode,
    organization_id: record.organizationId,
    organization_name: record.organizationName,
    assessment_id: record.assessmentId,
    signer_user_id: record.signerUserId,
    signer_name: record.signerName,
    signer_title: record.signerTitle,
    statement: record.statement,
    signed_at: new Date(record.signedAt).toISOString(),
    expires_at: new Date(record.expiresAt).toISOString(),
    total_score: record.totalScore,
    max_score: record.maxScore,
    grade: record.grade,
    pass_fail: record.passFail,
    version_id: record.versionId,
    version_label: record.versionLabel,
    applicability: profileJson(record.applicability, format),
    supersedes_id: record.supersedesId,
  };
  if (format !== 'mvrsp-self-certification/1') {
    fields.question_count = record.questionCount;
    fields.payment_verified = record.paymentVerified;
    fields.identity_verified = record.identityVerified;
  }
  return stableStringify(fields);
}

/** What a stored canonical text says, as signed; a field its format does not have is null. */
export interface SignedFacts {
  format: string;
  organizationName: string;
  maxScore: number;
  versionLabel: string;
  applicability: ApplicabilityProfile | null;
  questionCount: number | null;
  paymentVerified: boolean | null;
  identityVerified: boolean | null;
}

const stringList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The parts of a stored canonical text that the certificate and the public verify page show (as signed). */
export function readCanonical(canonical: string): SignedFacts {
  const parsed = JSON.parse(canonical) as Record<string, unknown>;
  const profile = parsed.applicability as Record<string, unknown> | null | undefined;
  const bool = (v: unknown) => (typeof v === 'boolean' ? v : null);
  return {
    format: typeof parsed.format === 'string' ? parsed.format : '',
    organizationName: typeof parsed.organization_name === 'string' ? parsed.organization_name : '',
    maxScore: typeof parsed.max_score === 'number' ? parsed.max_score : 0,
    versionLabel: typeof parsed.version_label === 'string' ? parsed.version_label : '',
    applicability:
      profile && typeof profile === 'object' && typeof profile.kind === 'string' && typeof profile.covered === 'boolean'
        ? ({
            kind: profile.kind,
            covered: profile.covered,
            agencies: stringList(profile.agencies),
            ...(profile.instruments && typeof profile.instruments === 'object'
              ? { instruments: Object.fromEntries(Object.entries(profile.instruments).map(([a, list]) => [a, stringList(list)])) }
              : {}),
            activities: stringList(profile.activities),
          } as ApplicabilityProfile)
        : null,
    questionCount: typeof parsed.question_count === 'number' ? parsed.question_count : null,
    paymentVerified: bool(parsed.payment_verified),
    identityVerified: bool(parsed.identity_verified),
  };
}

/** SHA-256 of the text's UTF-8 bytes, as 64 lower-case hex digits (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// ---------- verify codes ----------

/** Characters of a verify code: 20 base32 characters carry 100 random bits. */
export const VERIFY_CODE_LENGTH = 20;
/** The random bytes a code is made from (13 bytes = 104 bits, of which 100 are used). */
export const VERIFY_CODE_BYTES = 13;

/** A verify code from random bytes (at least VERIFY_CODE_BYTES of them): RFC 4648 base32, no 0, 1 or 8 to mistake for O, I or B. */
export function verifyCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < VERIFY_CODE_BYTES) throw new Error(`a verify code needs ${VERIFY_CODE_BYTES} random bytes`);
  return base32Encode(bytes.subarray(0, VERIFY_CODE_BYTES)).slice(0, VERIFY_CODE_LENGTH);
}

/** A code as typed or linked, normalized (upper case, no spaces or dashes); null when it cannot be one. */
export function normalizeVerifyCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, '').toUpperCase();
  return code.length === VERIFY_CODE_LENGTH && /^[A-Z2-7]+$/.test(code) ? code : null;
}
