import { describe, expect, it } from 'vitest';
import {
  CANONICAL_FORMAT,
  canonicalForm,
  certificationEligibility,
  certificationStatement,
  expiryOf,
  laterAssessmentFailed,
  normalizeVerifyCode,
  readCanonical,
  sha256Hex,
  signerNameMatches,
  signerNameMismatch,
  statusOf,
  verifyCodeFrom,
  VERIFY_CODE_LENGTH,
  type CertificationRecord,
} from './certification.ts';

const record: CertificationRecord = {
  id: '0b7d3c1e-3f4a-4c55-9d0e-1f2a3b4c5d6e',
  verifyCode: 'ABCDEFGHIJKLMNOPQRST',
  organizationId: '11111111-2222-4333-8444-555555555555',
  organizationName: 'Acme Research “Lab”',
  assessmentId: '66666666-7777-4888-9999-000000000000',
  signerUserId: '77777777-8888-4999-8aaa-bbbbbbbbbbbb',
  signerName: 'Ada Admin',
  signerTitle: 'Research Security Officer',
  statement: certificationStatement('Acme Research “Lab”', '2025.1'),
  signedAt: new Date('2025-03-04T05:06:07.089Z'),
  expiresAt: new Date('2026-03-04T05:06:07.089Z'),
  totalScore: 131,
  maxScore: 140,
  grade: 'A',
  passFail: 'Pass',
  versionId: 3,
  versionLabel: '2025.1',
  applicability: { kind: 'ihe', covered: true, agencies: ['nsf', 'nih'], activities: ['export_controlled'] },
  supersedesId: null,
  questionCount: 57,
  paymentVerified: true,
  identityVerified: false,
};

const V1 = 'mvrsp-self-certification/1';
const V1_KEYS = [
  'applicability',
  'assessment_id',
  'expires_at',
  'format',
  'grade',
  'id',
  'max_score',
  'organization_id',
  'organization_name',
  'pass_fail',
  'signed_at',
  'signer_name',
  'signer_title',
  'signer_user_id',
  'statement',
  'supersedes_id',
  'total_score',
  'verify_code',
  'version_id',
  'version_label',
];

/** The same values with every key in reverse order (and the profile's too). */
function reversed<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).reverse().map(([k, v]) => [k, v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) ? reversed(v) : v])) as T;
}

describe('canonicalForm', () => {
  it('is sorted-key JSON of the fixed field set, instants in ISO 8601 UTC, no whitespace', () => {
    const text = canonicalForm(record);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const keys = Object.keys(parsed);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toEqual([...V1_KEYS, 'identity_verified', 'payment_verified', 'question_count'].sort());
    expect(parsed).toMatchObject({ question_count: 57, payment_verified: true, identity_verified: false, version_label: '2025.1' });
    expect(parsed.signed_at).toBe('2025-03-04T05:06:07.089Z');
    expect(Object.keys(parsed.applicability as object)).toEqual(['activities', 'agencies', 'covered', 'kind']);
    expect(text).not.toMatch(/\n|": | ,/);
    expect(text).toContain('"format":"mvrsp-self-certification/3"');
    expect(CANONICAL_FORMAT).toBe('mvrsp-self-certification/3');
  });

  it('format 3 signs the funding instruments of a profile that has them; format 2 and an unconfirmed profile keep the four parts', () => {
    const confirmed: CertificationRecord = { ...record, applicability: { ...record.applicability!, instruments: { nih: ['contract', 'grant'], nsf: ['grant'] } } };
    const signed = JSON.parse(canonicalForm(confirmed)) as { applicability: Record<string, unknown> };
    expect(signed.applicability.instruments).toEqual({ nsf: ['grant'], nih: ['grant', 'contract'] });
    expect(canonicalForm(confirmed)).not.toBe(canonicalForm({ ...confirmed, applicability: { ...confirmed.applicability!, instruments: { nsf: ['grant'], nih: ['grant'] } } }));
    expect(canonicalForm(record)).not.toContain('instruments');
    // Format 2 is written exactly as it was, whatever the profile now holds.
    expect(canonicalForm(confirmed, 'mvrsp-self-certification/2')).toBe(canonicalForm(record, 'mvrsp-self-certification/2'));
    expect(readCanonical(canonicalForm(confirmed)).applicability).toEqual({ ...record.applicability, instruments: { nsf: ['grant'], nih: ['grant', 'contract'] } });
  });

  it('signs the NIH activities added in November 2026 as any other, and a profile without them reads as it was signed', () => {
    const withNih: CertificationRecord = { ...record, applicability: { ...record.applicability!, activities: ['export_controlled', 'nih_controlled_access', 'nih_biospecimens'] } };
    const signed = JSON.parse(canonicalForm(withNih)) as { applicability: { activities: string[] } };
    expect(signed.applicability.activities).toEqual(['export_controlled', 'nih_controlled_access', 'nih_biospecimens']);
    expect(readCanonical(canonicalForm(withNih)).applicability?.activities).toEqual(['export_controlled', 'nih_controlled_access', 'nih_biospecimens']);
    // A record signed before these activities existed keeps its text: its profile lists only what it listed.
    expect(canonicalForm(record)).toContain('"activities":["export_controlled"]');
  });

  it('still writes format 1 exactly as it was (records signed in it keep their text and hash)', async () => {
    const text = canonicalForm(record, V1);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(V1_KEYS);
    expect(text).toContain('"format":"mvrsp-self-certification/1"');
    // Format 1 does not cover the fields format 2 added: they change nothing in it.
    expect(canonicalForm({ ...record, questionCount: 1, paymentVerified: false }, V1)).toBe(text);
    expect(await sha256Hex(text)).not.toBe(await sha256Hex(canonicalForm(record)));
  });

  it('does not depend on key order or on extra properties, and changes with any attested value', () => {
    const base = canonicalForm(record);
    expect(canonicalForm(reversed(record))).toBe(base);
    expect(canonicalForm({ ...record, extra: 'ignored', canonical: 'x' } as CertificationRecord)).toBe(base);
    expect(canonicalForm({ ...record, signedAt: new Date(record.signedAt.getTime()) })).toBe(base);
    expect(canonicalForm({ ...record, totalScore: 130 })).not.toBe(base);
    expect(canonicalForm({ ...record, signerTitle: 'CEO' })).not.toBe(base);
    // Who signed, not only the name typed: another account with the same name gives another hash.
    expect(canonicalForm({ ...record, signerUserId: '77777777-8888-4999-8aaa-cccccccccccc' })).not.toBe(base);
    expect(canonicalForm({ ...record, supersedesId: record.id })).not.toBe(base);
    expect(canonicalForm({ ...record, applicability: { ...record.applicability!, agencies: ['nih', 'nsf'] } })).not.toBe(base);
    expect(canonicalForm({ ...record, questionCount: 56 })).not.toBe(base);
    expect(canonicalForm({ ...record, paymentVerified: false })).not.toBe(base);
    expect(canonicalForm({ ...record, identityVerified: true })).not.toBe(base);
  });

  it('reads back what was certified as signed; a field the format does not have reads null', () => {
    const facts = {
      organizationName: 'Acme Research “Lab”',
      maxScore: 140,
      versionLabel: '2025.1',
      applicability: record.applicability,
    };
    expect(readCanonical(canonicalForm(record))).toEqual({ ...facts, format: 'mvrsp-self-certification/3', questionCount: 57, paymentVerified: true, identityVerified: false });
    expect(readCanonical(canonicalForm(record, V1))).toEqual({ ...facts, format: V1, questionCount: null, paymentVerified: null, identityVerified: null });
    expect(readCanonical(canonicalForm({ ...record, applicability: null })).applicability).toBeNull();
  });
});

describe('sha256Hex', () => {
  it('is the SHA-256 of the UTF-8 text in lower-case hex (FIPS 180-2 test vectors, and a non-ASCII text)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('Acme Research “Lab” — é')).toBe('526319fe26609ae8918f256dfb7c9fe4bb0161838b982341ff5d6746a3351f23');
    const text = canonicalForm(record);
    expect(await sha256Hex(text)).toMatch(/^[0-9a-f]{64}$/);
    expect(await sha256Hex(canonicalForm(reversed(record)))).toBe(await sha256Hex(text));
  });
});

describe('validity and status', () => {
  it('expires twelve calendar months after signing, at the same UTC time of day', () => {
    expect(expiryOf(new Date('2024-02-29T12:00:00Z')).toISOString()).toBe('2025-02-28T12:00:00.000Z');
    expect(expiryOf(new Date('2025-06-30T23:59:59Z')).toISOString()).toBe('2026-06-30T23:59:59.000Z');
  });

  it('is expired after its expiry, else superseded when a newer record exists, else current', () => {
    const r = { expiresAt: new Date('2026-03-04T00:00:00Z') };
    expect(statusOf(r, false, new Date('2026-03-04T00:00:00Z'))).toBe('current');
    expect(statusOf(r, true, new Date('2026-03-03T00:00:00Z'))).toBe('superseded');
    expect(statusOf(r, false, new Date('2026-03-04T00:00:00.001Z'))).toBe('expired');
    expect(statusOf(r, true, new Date('2027-01-01T00:00:00Z'))).toBe('expired');
    expect(statusOf({ expiresAt: '2026-03-04T00:00:00.000Z' }, false, new Date('2025-01-01T00:00:00Z'))).toBe('current');
  });
});

describe('superseded by a later assessment', () => {
  const certified = { assessmentId: 'a1', signedAt: new Date('2026-02-10T00:00:00Z') };
  const a1 = { id: 'a1', submittedAt: new Date('2026-02-01T00:00:00Z'), passFail: 'Pass' as const };

  it('is true once an assessment submitted after the certified one did not pass, whatever came after it', () => {
    expect(laterAssessmentFailed(certified, [a1])).toBe(false);
    expect(laterAssessmentFailed(certified, [a1, { id: 'a2', submittedAt: '2026-05-01T00:00:00.000Z', passFail: 'Fail' }])).toBe(true);
    expect(
      laterAssessmentFailed(certified, [a1, { id: 'a2', submittedAt: '2026-05-01T00:00:00Z', passFail: 'Fail' }, { id: 'a3', submittedAt: '2026-08-01T00:00:00Z', passFail: 'Pass' }]),
    ).toBe(true);
    expect(laterAssessmentFailed(certified, [a1, { id: 'a2', submittedAt: '2026-05-01T00:00:00Z', passFail: null }])).toBe(true);
  });

  it('is false for a later Pass and for a failure submitted before the certified assessment', () => {
    expect(laterAssessmentFailed(certified, [a1, { id: 'a2', submittedAt: '2026-05-01T00:00:00Z', passFail: 'Pass' }])).toBe(false);
    expect(laterAssessmentFailed(certified, [{ id: 'a0', submittedAt: '2025-11-01T00:00:00Z', passFail: 'Fail' }, a1])).toBe(false);
  });

  it('counts from the signature when the certified assessment is not among those given', () => {
    expect(laterAssessmentFailed(certified, [{ id: 'a2', submittedAt: '2026-02-09T00:00:00Z', passFail: 'Fail' }])).toBe(false);
    expect(laterAssessmentFailed(certified, [{ id: 'a2', submittedAt: '2026-02-11T00:00:00Z', passFail: 'Fail' }])).toBe(true);
  });
});

describe('the signer name', () => {
  it('matches the account name whatever the case and spacing, and nothing else', () => {
    expect(signerNameMatches('Ada Admin', 'Ada', 'Admin')).toBe(true);
    expect(signerNameMatches('  ada   ADMIN ', 'Ada', 'Admin')).toBe(true);
    expect(signerNameMatches('Ada\tAdmin', 'Ada ', ' Admin')).toBe(true);
    expect(signerNameMatches('José Núñez', 'Jose\u0301', 'Nu\u0301n\u0303ez')).toBe(true);
    expect(signerNameMatches('Jane Doe', 'Ada', 'Admin')).toBe(false);
    expect(signerNameMatches('Ada Admin, President', 'Ada', 'Admin')).toBe(false);
    expect(signerNameMatches('AdaAdmin', 'Ada', 'Admin')).toBe(false);
    expect(signerNameMatches('', '', '')).toBe(false);
  });

  it('says which name to sign with', () => {
    expect(signerNameMismatch('Ada', ' Admin')).toBe('Sign with the name on your account: Ada Admin');
    expect(signerNameMismatch('', '')).toBe('Add your first and last name to your account before you sign');
  });
});

describe('verify codes', () => {
  it('are 20 base32 characters from 13 random bytes, and read back normalized', () => {
    const code = verifyCodeFrom(new Uint8Array(13).fill(0xff));
    expect(code).toBe('77777777777777777777');
    expect(verifyCodeFrom(new Uint8Array(13))).toBe('AAAAAAAAAAAAAAAAAAAA');
    expect(verifyCodeFrom(Uint8Array.from([0x08, 0x86, 0x42, 0x98, 0xe8, 0x4a, 0x96, 0xc6, 0xb9, 0xf0, 0, 0, 0]))).toMatch(/^BCDEFGHIJKLMNOPQ/);
    expect(() => verifyCodeFrom(new Uint8Array(12))).toThrow();
    expect(code).toHaveLength(VERIFY_CODE_LENGTH);
    expect(normalizeVerifyCode('abcd-efgh ijkl-mnop-qrst')).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(normalizeVerifyCode('ABCDEFGHIJKLMNOPQRS1')).toBeNull();
    expect(normalizeVerifyCode('ABC')).toBeNull();
  });
});

describe('certificationEligibility', () => {
  const passed = { id: 'a2', status: 'submitted' as const, submittedAt: '2026-05-01T00:00:00Z', passFail: 'Pass' as const, totalScore: 120, grade: 'B' as const };

  it('is the latest submitted assessment that passed', () => {
    expect(certificationEligibility(passed, 'a2')).toEqual({ eligible: passed, reason: null });
  });

  it('names the first thing to fix: nothing submitted, not submitted, not the latest, not passed', () => {
    expect(certificationEligibility(null, null).reason).toBe('none_submitted');
    expect(certificationEligibility({ ...passed, status: 'in_progress', submittedAt: null }, 'a1').reason).toBe('not_submitted');
    expect(certificationEligibility({ ...passed, passFail: 'Fail' }, 'a3').reason).toBe('not_latest');
    expect(certificationEligibility({ ...passed, passFail: 'Fail' }, 'a2').reason).toBe('not_passed');
    expect(certificationEligibility({ ...passed, grade: null }, 'a2').reason).toBe('not_passed');
  });
});
