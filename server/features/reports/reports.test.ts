import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import { apiClient, bodyOf, refusalOf } from '#tests/setup/api-client.ts';
import type { ResultView } from '#domain/contracts/assessments.ts';
import { TEST_DRIVER } from '#tests/setup/test-env.ts';
import { createOrgAdmin, joinOrganization, signInSystemAdmin, type Member } from '#tests/isolation/fixtures.ts';
import { freezeProfile, rewriteStoredResult } from '../assessments/assessments.report.test-helpers.ts';
import { answerAll, createAssessment } from '../assessments/assessments.test-helpers.ts';
import { describeProfile, PROFILE_WITH_EVERY_DUTY, type ApplicabilityProfile } from '#domain/questions/applicability.ts';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { citationLine } from '#domain/questions/citation.ts';
import { citationOf, citationsOf } from '#domain/questions/sources.ts';
import { SCALING_RULE_TEXT } from '#domain/scoring/policy.ts';
import { and, eq } from 'drizzle-orm';
import { assessments, evidenceFiles, questions } from '#server/db/schema/index.ts';
import { CONTENT_TYPES } from './reports.routes.ts';
import { docxText, pdfText, zipEntry } from './reports.test-helpers.ts';

// IP-18 (malware protection) also makes framework coverage gaps (domain/questions/crosswalks.ts).
const NO_CODES = new Set(['TP-02', 'AU-02', 'CI-05', 'IP-18']);
/**
 * The sources each gap lists under "Sources:", a line per source: title, issuer, date, pinpoint,
 * status with its effective date, and URL (citationLine, dates as the report files write them).
 */
const SOURCE_LINES = QUESTION_BANK.filter((q) => NO_CODES.has(q.code)).flatMap((q) => citationsOf(q.sources).map((c) => citationLine(c, { locale: 'en-US', month: 'long' })));
const inAYear = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

describe.each([TEST_DRIVER])('downloadable reports (%s)', (driver) => {
  let server: TestServer;
  let admin: Member;
  let member: Member;
  let outsider: Member;
  let sys: Member;
  let assessmentId: string;
  let result: ResultView;
  beforeEach(async () => {
    server = await createTestServer(driver);
    admin = await createOrgAdmin(server, { organizationName: 'Acme Research' });
    member = await joinOrganization(server, admin.organizationId!, { firstName: 'Olive', lastName: 'Owner' });
    outsider = await createOrgAdmin(server, { organizationName: 'Other Lab' });
    sys = await signInSystemAdmin(server);
    assessmentId = await createAssessment(server, admin.accessToken, admin.organizationId);
    await freezeProfile(server, assessmentId, PROFILE_WITH_EVERY_DUTY);
    await answerAll(server, admin.accessToken, assessmentId, (q) => (NO_CODES.has(q.code) ? 'no' : 'yes'));
    result = await bodyOf(apiClient(server, admin.accessToken).assessments[':id'].submit.$post({ param: { id: assessmentId } }));
  });
  afterEach(async () => server.close());

  const files = ['report.pdf', 'report.docx', 'actions.xlsx'] as const;
  type ReportFile = (typeof files)[number];
  /** GET /api/assessments/{id}/<file>: the organization's own file, as `token`'s user (none: anonymous). */
  const ownFile = (file: ReportFile, token?: string, id = assessmentId) => apiClient(server, token).assessments[':id'][file].$get({ param: { id } });
  /** GET /api/admin/assessments/{id}/<file>: any organization's file (system admins). */
  const anyFile = (file: ReportFile, token?: string, id = assessmentId) => apiClient(server, token).admin.assessments[':id'][file].$get({ param: { id } });
  const verifyPayment = async () => {
    const res = await apiClient(server, sys.accessToken).admin.organizations[':id'].subscription.$post({ param: { id: admin.organizationId! }, json: { paidUntil: inAYear() } });
    expect(res.status).toBe(200);
  };
  const reportOf = () => bodyOf(apiClient(server, admin.accessToken).assessments[':id'].report.$get({ param: { id: assessmentId } }));
  /** The source labels of the gaps, as the on-screen gap analysis (GET /report) lists them. */
  const gapSources = async (): Promise<string[]> => {
    const report = await reportOf();
    const sources: string[] = report.gapAnalysis.flatMap((d) => d.gaps.flatMap((g) => g.sources));
    const cited = QUESTION_BANK.filter((q) => NO_CODES.has(q.code)).flatMap((q) => q.sources.map(citationOf));
    expect(new Set(sources)).toEqual(new Set(cited));
    const citations = report.gapAnalysis.flatMap((d) => d.gaps.flatMap((g) => g.citations));
    expect(new Set(citations.map((c) => c.id))).toEqual(new Set(QUESTION_BANK.filter((q) => NO_CODES.has(q.code)).flatMap((q) => q.sources)));
    return [...new Set(citations.map((c) => c.label))];
  };
  const oneLine = (text: string) => text.replace(/\s+/g, ' ');
  /** The report names each source's title, issuer, date and status with its effective date, and its URL. */
  const expectDatedCitations = (text: string) => {
    const flat = oneLine(text);
    for (const words of [
      'Guidance for Implementing National Security Presidential Memorandum 33',
      'National Science and Technology Council (Executive Office of the President), January 4, 2022',
      'In force since January 4, 2022.',
      'Office of Science and Technology Policy, July 9, 2024',
      'Announced, not yet in force.',
    ])
      expect(flat).toContain(words);
    expect(text.replace(/\s+/g, '')).toContain('https://bidenwhitehouse.archives.gov/wp-content/uploads/2022/01/010422-NSPM-33-Implementation-Guidance.pdf');
  };

  it('refuses every download with 403 payment_required before payment is verified', async () => {
    for (const f of files) {
      for (const [path, download] of [[`/api/assessments/:id/${f}`, () => ownFile(f, member.accessToken)], [`/api/admin/assessments/:id/${f}`, () => anyFile(f, sys.accessToken)]] as const) {
        const body = await refusalOf(download(), 403);
        expect(body.code, path).toBe('payment_required');
        expect(body.details).toMatchObject({ checkoutUrl: server.deps.env.CHECKOUT_URL });
      }
    }
  });

  it('serves a PDF with the stored score, grade and result once paid', async () => {
    await verifyPayment();
    const db = server.deps.db;
    const [a] = await db.select({ versionId: assessments.versionId }).from(assessments).where(eq(assessments.id, assessmentId));
    const [q] = await db.select({ id: questions.id }).from(questions).where(and(eq(questions.versionId, a!.versionId), eq(questions.code, 'CI-02')));
    const file = { organizationId: admin.organizationId!, assessmentId, questionId: q!.id, mimeType: 'application/pdf', sizeBytes: 2048, sha256: 'ab'.repeat(32), storageKey: 'x' };
    await db.insert(evidenceFiles).values([
      { ...file, id: crypto.randomUUID(), fileName: 'delegation-letter.pdf', status: 'attached' },
      { ...file, id: crypto.randomUUID(), fileName: 'removed-draft.pdf', status: 'detached' },
    ]);
    const res = await ownFile('report.pdf', member.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(CONTENT_TYPES.pdf);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mvrsp-report-acme-research-[0-9a-f]{8}\.pdf"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(result.totalScore).toBeLessThan(140);
    expect(text).toContain(`${result.totalScore}/140`);
    expect(text).toContain(`Acme Research scored ${result.totalScore} of 140 points`);
    expect(text).toContain(result.passFail);
    for (const d of result.domainScores) expect(text).toContain(`${d.earned_points}/${d.total_points}`);
    for (const section of ['Executive summary', 'Gap analysis', 'Corrective action plan', 'Evidence index', 'Scoring method']) expect(text).toContain(section);
    for (const code of NO_CODES) expect(text).toContain(code);
    // pdfkit may wrap a line after a hyphen ("government-" / "related")
    const joined = (t: string) => oneLine(t).replace(/-\s+/g, '-');
    // each source by its label, on its own line with its title, issuer, date, status and URL
    for (const source of await gapSources()) expect(joined(text)).toContain(joined(`${source}: `));
    expect(SOURCE_LINES.length).toBeGreaterThan(NO_CODES.size); // a gap cites several sources
    // a long URL wraps anywhere in a narrow cell: compared without white space
    const squeezed = (t: string) => t.replace(/\s+/g, '');
    for (const line of SOURCE_LINES) expect(squeezed(text)).toContain(squeezed(line));
    expectDatedCitations(text);
    expect(text).toContain('delegation-letter.pdf');
    expect(text).not.toContain('removed-draft.pdf');
    // every question applied: the points earned are the score, and the profile is stated
    expect(text).toContain(`Score ${result.totalScore} of 140 (${result.totalScore} of 140 points; every question applied, so nothing is scaled)`);
    expect(text).toContain('Applicability profile');
    for (const row of describeProfile(PROFILE_WITH_EVERY_DUTY)) expect(joined(text)).toContain(joined(`${row.label} ${row.value}`));
    expect(oneLine(text)).toContain(SCALING_RULE_TEXT);
  });

  it('lists each file with its dates in the evidence index of every file, marks expired ones and says when none is current', async () => {
    await verifyPayment();
    const db = server.deps.db;
    const [a] = await db.select({ versionId: assessments.versionId }).from(assessments).where(eq(assessments.id, assessmentId));
    const required = await db.select({ id: questions.id, code: questions.code }).from(questions).where(and(eq(questions.versionId, a!.versionId), eq(questions.documentEvidenceRequired, true)));
    const [mixed, stale] = required;
    const file = { organizationId: admin.organizationId!, assessmentId, mimeType: 'application/pdf', sizeBytes: 2048, sha256: 'ab'.repeat(32), storageKey: 'x', status: 'attached' as const };
    await db.insert(evidenceFiles).values([
      { ...file, id: crypto.randomUUID(), questionId: mixed!.id, fileName: 'current-policy.pdf', effectiveOn: '2025-01-15', expiresOn: '2199-12-31' },
      { ...file, id: crypto.randomUUID(), questionId: mixed!.id, fileName: 'old-policy.pdf', effectiveOn: '2023-01-15', expiresOn: '2024-01-14' },
      { ...file, id: crypto.randomUUID(), questionId: stale!.id, fileName: 'lapsed-register.pdf', effectiveOn: '2022-03-01', expiresOn: '2023-02-28' },
    ]);
    const { pdf, docx, xlsx } = await allFiles();
    for (const [name, text] of [['pdf', pdf], ['docx', docx]] as const) {
      expect(text, name).toContain('Effective January 15, 2025 · Expires December 31, 2199');
      expect(text, name).toContain('Effective January 15, 2023 · Expires January 14, 2024 · Expired');
      expect(text, name).toContain('Effective March 1, 2022 · Expires February 28, 2023 · Expired');
      // only the question whose every file has expired says so
      expect(text.split('No current document: every file on record has expired.').length - 1, name).toBe(1);
    }
    expect(pdf).toContain('current-policy.pdf (2 KB, uploaded');
    for (const words of ['Evidence index', 'current-policy.pdf', 'old-policy.pdf', 'lapsed-register.pdf', 'Current', 'Expired', 'Expired. No current document: every file on record has expired.']) expect(xlsx).toContain(words);
  });

  it('serves an editable DOCX with the same numbers', async () => {
    await verifyPayment();
    const res = await ownFile('report.docx', admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(CONTENT_TYPES.docx);
    expect(res.headers.get('content-disposition')).toContain('.docx"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    const text = await docxText(bytes);
    expect(text).toContain(`Total score ${result.totalScore}/140`);
    expect(text).toContain(`Grade ${result.grade}`);
    for (const d of result.domainScores) expect(text).toContain(`${d.earned_points}/${d.total_points} (${d.weighted_percentage}%)`);
    for (const code of NO_CODES) expect(text).toContain(code);
    for (const source of await gapSources()) expect(text).toContain(`${source}: `);
    for (const line of SOURCE_LINES) expect(text).toContain(line);
    expectDatedCitations(text);
    for (const row of describeProfile(PROFILE_WITH_EVERY_DUTY)) expect(text).toContain(`${row.label} ${row.value}`);
    expect(text).toContain(SCALING_RULE_TEXT);
  });

  it('shows framework coverage, the same in the results, the report and both report files', async () => {
    await verifyPayment();
    const results = await server.json('GET', `/api/assessments/${assessmentId}/results`, undefined, member.accessToken);
    const report = await server.json('GET', `/api/assessments/${assessmentId}/report`, undefined, member.accessToken);
    expect([results.status, report.status]).toEqual([200, 200]);
    expect(report.body.framework_coverage).toEqual(results.body.framework_coverage);
    const far = results.body.framework_coverage.find((c: any) => c.framework_id === 'far-52-204-21');
    expect(far).toMatchObject({ total: 15, covered: 15, met: 12, not_asked: 0, not_covered: 0 });
    expect(far.gaps.map((g: any) => [g.ref, g.codes])).toEqual([
      ['(b)(1)(xiii)', ['IP-18']],
      ['(b)(1)(xiv)', ['IP-18']],
      ['(b)(1)(xv)', ['IP-18']],
    ]);
    const { pdf, docx } = await allFiles();
    for (const [name, text] of [['pdf', pdf], ['docx', docx]] as const) {
      expect(text, name).toContain('Framework coverage');
      expect(text, name).toContain('FAR 52.204-21 (CMMC Level 1): 12 of 15 met, 3 gaps');
      expect(text, name).toContain('Gap: (b)(1)(xiv) Malicious code protection updates (IP-18)');
      expect(text, name).toContain('NIST SP 800-171 Rev. 2: 13 of 110 met, 3 gaps');
      expect(text, name).toContain('16 of 110 covered by the question bank.');
      expect(text, name).toContain('Item list taken from secondary summaries of the source.');
    }
  });

  const SMALL_COMPANY: ApplicabilityProfile = { kind: 'company', covered: false, agencies: ['nsf'], activities: [] };
  /** The text of every file: PDF (lines joined), DOCX, and the XLSX strings. */
  const allFiles = async () => {
    const read = async (f: (typeof files)[number]) => new Uint8Array(await (await ownFile(f, admin.accessToken)).arrayBuffer());
    return {
      pdf: oneLine(pdfText(await read('report.pdf'))),
      docx: await docxText(await read('report.docx')),
      xlsx: await zipEntry(await read('actions.xlsx'), 'xl/sharedStrings.xml'),
    };
  };

  it('states the scaled score and the profile the assessment was asked against in every file', async () => {
    await verifyPayment();
    await rewriteStoredResult(server, assessmentId, (r) => ({ ...r, totalScore: 117, total_score: 117, earned_points: 101, applicable_points: 120, applicability: SMALL_COMPANY }));
    const line = 'Score 117 of 140 (101 of 120 applicable points, scaled to 140)';
    const { pdf, docx, xlsx } = await allFiles();
    for (const [name, text] of [['pdf', pdf], ['docx', docx], ['xlsx', xlsx]] as const) {
      expect(text, name).toContain(line);
      expect(text, name).toContain('Kind of organization');
      expect(text, name).toContain('Company');
      expect(text, name).toContain('Funding agencies');
      expect(text, name).toContain('Activities with extra duties');
    }
    expect(xlsx).toContain('Asked against: Kind of organization: Company. Covered institution: No. Funding agencies: NSF. Activities with extra duties: None');
    expect(pdf).toContain('Covered institution No');
    expect(docx).toContain('Funding agencies NSF');
    expect(pdf).toContain(SCALING_RULE_TEXT);
    expect(docx).toContain(SCALING_RULE_TEXT);
  });

  it('says the profile was not recorded for an assessment started before applicability profiles', async () => {
    await verifyPayment();
    await freezeProfile(server, assessmentId, null);
    await rewriteStoredResult(server, assessmentId, ({ earned_points: _e, applicable_points: _a, applicability: _p, ...legacy }) => legacy);
    const { pdf, docx, xlsx } = await allFiles();
    for (const [name, text] of [['pdf', pdf], ['docx', docx], ['xlsx', xlsx]] as const) {
      expect(text, name).toContain('Not recorded (started before applicability profiles)');
      expect(text, name).toContain(`Score ${result.totalScore} of 140 (${result.totalScore} of 140 points; every question applied, so nothing is scaled)`);
      expect(text, name).not.toContain('Kind of organization');
    }
    expect(pdf).toContain('This assessment asked every question of the questionnaire');
    expect(docx).toContain('This assessment asked every question of the questionnaire');
  });

  it('serves the corrective action plan as XLSX with owners and dates', async () => {
    await verifyPayment();
    const action = (await reportOf()).correctiveActions[0]!;
    const assigned = await apiClient(server, admin.accessToken).actions[':actionId'].$patch({ param: { actionId: action.id }, json: { ownerId: member.userId, baseVersion: action.version } });
    expect(assigned.status).toBe(200);
    const res = await ownFile('actions.xlsx', member.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(CONTENT_TYPES.xlsx);
    expect(res.headers.get('content-disposition')).toContain('mvrsp-corrective-actions-acme-research-');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const strings = await zipEntry(bytes, 'xl/sharedStrings.xml');
    expect(strings).toContain('Olive Owner');
    expect(strings).toContain(action.action.slice(0, 30));
    expect(strings).toContain(`Score ${result.totalScore} of 140`);
    expect(strings).toContain('Asked against: Kind of organization: Institution of higher education. Covered institution: Yes.');
    const sheet = await zipEntry(bytes, 'xl/worksheets/sheet1.xml');
    expect((sheet.match(/<row /g) ?? []).length).toBe(4 + NO_CODES.size); // 3 title rows, header, one per action
  });

  it('lets a system admin download any organization report and hides it from other organizations', async () => {
    await verifyPayment();
    const res = await anyFile('report.pdf', sys.accessToken);
    expect(res.status).toBe(200);
    expect(pdfText(new Uint8Array(await res.arrayBuffer()))).toContain(`${result.totalScore}/140`);
    expect((await ownFile('report.pdf', outsider.accessToken)).status).toBe(404);
    expect((await anyFile('report.pdf', admin.accessToken)).status).toBe(403);
    expect((await ownFile('report.docx')).status).toBe(401);
    expect((await anyFile('report.docx', sys.accessToken, crypto.randomUUID())).status).toBe(404);
  });
});
