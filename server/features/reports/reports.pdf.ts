// The detailed report as PDF: cover, executive summary with a per-domain bar chart (vector
// shapes), gap analysis, corrective action plan, evidence index and scoring method.
import type PDFDocument from 'pdfkit';
import { COVERAGE_INTRO, coverageGapLabel, coverageHeadline, coverageScopeLine } from '#domain/scoring/coverage-text.ts';
import type { ReportDocument } from './reports.data.ts';
import { PRIORITY_LABEL, PRODUCT_NAME, REPORT_TITLE, STATUS_LABEL, askedSentence, evidenceFilesCell, formatDate, GRADE_SCALE_HEADERS, gradeScaleRows, passFailReasons, profileRows, scoreLine, scoringMethodParagraphs, shortId, sourcesLine, summarySentence } from './reports.format.ts';
import { COLORS, MARGIN, bullet, contentWidth, ensureSpace, pageFurniture, paragraph, sectionTitle, subheading, table, type Pdf } from './reports.pdf-kit.ts';

function cover(pdf: Pdf, doc: ReportDocument): void {
  const r = doc.report.result;
  const w = contentWidth(pdf);
  pdf.rect(0, 0, pdf.page.width, 230).fillColor(COLORS.brand).fill();
  pdf.font('Helvetica-Bold').fontSize(12).fillColor('#c7d2fe').text(PRODUCT_NAME.toUpperCase(), MARGIN, 70, { characterSpacing: 2 });
  pdf.font('Helvetica-Bold').fontSize(28).fillColor('#ffffff').text(REPORT_TITLE, MARGIN, 100, { width: w });
  pdf.font('Helvetica').fontSize(13).fillColor('#e0e7ff').text('Detailed report with gap analysis and corrective action plan', MARGIN, pdf.y + 8, { width: w });

  pdf.font('Helvetica-Bold').fontSize(22).fillColor(COLORS.ink).text(doc.organizationName, MARGIN, 280, { width: w });
  pdf.font('Helvetica').fontSize(11).fillColor(COLORS.muted);
  pdf.text(`Assessment ${shortId(doc.assessmentId)}  ·  questionnaire ${doc.versionLabel}`, MARGIN, pdf.y + 6);
  pdf.text(`Submitted ${formatDate(doc.submittedAt)}${doc.submittedBy ? ` by ${doc.submittedBy}` : ''}`);

  const boxY = 380;
  const boxW = (w - 24) / 3;
  const boxes: [string, string, string][] = [
    ['Total score', `${r.totalScore}/${r.maxScore}`, COLORS.brand],
    ['Grade', r.grade, COLORS.brand],
    ['Result', r.passFail, r.passFail === 'Pass' ? COLORS.pass : COLORS.fail],
  ];
  boxes.forEach(([label, value, color], i) => {
    const x = MARGIN + i * (boxW + 12);
    pdf.roundedRect(x, boxY, boxW, 96, 8).lineWidth(1).strokeColor(COLORS.line).stroke();
    pdf.font('Helvetica').fontSize(10).fillColor(COLORS.muted).text(label.toUpperCase(), x, boxY + 16, { width: boxW, align: 'center', characterSpacing: 1 });
    pdf.font('Helvetica-Bold').fontSize(30).fillColor(color).text(value, x, boxY + 38, { width: boxW, align: 'center' });
  });
  pdf.font('Helvetica').fontSize(11).fillColor(COLORS.muted).text(scoreLine(r), MARGIN, boxY + 112, { width: w, align: 'center' });
  pdf.font('Helvetica').fontSize(9).fillColor(COLORS.muted);
  pdf.text(`Generated ${formatDate(doc.generatedAt)}. Confidential: prepared for ${doc.organizationName}.`, MARGIN, pdf.page.height - MARGIN - 20, { width: w, align: 'center' });
}

function domainChart(pdf: Pdf, doc: ReportDocument): void {
  const domains = doc.report.result.domainScores;
  const w = contentWidth(pdf);
  const labelW = 190;
  const valueW = 80;
  const barW = w - labelW - valueW - 12;
  const rowH = 30;
  ensureSpace(pdf, domains.length * rowH + 40);
  const top = pdf.y;
  let y = top;
  domains.forEach((d) => {
    const share = d.total_points ? d.earned_points / d.total_points : 0;
    pdf.font('Helvetica').fontSize(9.5).fillColor(COLORS.ink).text(d.name, MARGIN, y + 4, { width: labelW - 8 });
    const bx = MARGIN + labelW;
    pdf.roundedRect(bx, y + 4, barW, 14, 3).fillColor(COLORS.track).fill();
    if (share > 0) pdf.roundedRect(bx, y + 4, Math.max(6, barW * share), 14, 3).fillColor(share >= 0.8 ? COLORS.pass : share >= 0.6 ? '#b45309' : COLORS.fail).fill();
    pdf.font('Helvetica-Bold').fontSize(9.5).fillColor(COLORS.ink).text(`${d.earned_points}/${d.total_points}`, bx + barW + 8, y + 2, { width: valueW, align: 'left' });
    pdf.font('Helvetica').fontSize(8).fillColor(COLORS.muted).text(`${d.weighted_percentage}%`, bx + barW + 8, y + 13, { width: valueW });
    y += rowH;
  });
  // 80 % guide line (pass share)
  const gx = MARGIN + labelW + barW * (doc.scoringMethod.passPercentage / 100);
  pdf.moveTo(gx, top).lineTo(gx, y - 6).dash(2, { space: 2 }).lineWidth(0.8).strokeColor(COLORS.muted).stroke().undash();
  pdf.font('Helvetica').fontSize(7.5).fillColor(COLORS.muted).text(`${doc.scoringMethod.passPercentage}%`, gx - 15, y - 4, { width: 30, align: 'center' });
  pdf.y = y + 12;
  pdf.x = MARGIN;
}

function executiveSummary(pdf: Pdf, doc: ReportDocument): void {
  const r = doc.report.result;
  sectionTitle(pdf, 'Executive summary');
  paragraph(pdf, summarySentence(doc), { size: 12 });
  paragraph(pdf, `${scoreLine(r)}.`);
  subheading(pdf, r.passFail === 'Pass' ? 'Why the assessment passes' : 'Why the assessment fails');
  for (const reason of passFailReasons(doc)) bullet(pdf, reason, r.passFail === 'Pass' ? COLORS.pass : COLORS.fail);
  pdf.moveDown(0.5);
  subheading(pdf, 'Score by domain', 'points earned / available');
  domainChart(pdf, doc);
  const gaps = doc.report.gapAnalysis.reduce((s, g) => s + g.gaps.length, 0);
  paragraph(pdf, `${gaps} question${gaps === 1 ? '' : 's'} answered No make up the gap analysis and the ${doc.report.correctiveActions.length} item${doc.report.correctiveActions.length === 1 ? '' : 's'} of the corrective action plan.`, { color: COLORS.muted });
  subheading(pdf, 'Applicability profile', 'the duties the questions were chosen for');
  table(
    pdf,
    [
      { header: 'Part of the profile', width: 30 },
      { header: 'As recorded when the assessment started', width: 70 },
    ],
    profileRows(doc).map((row) => [row.label, row.value]),
  );
  paragraph(pdf, askedSentence(doc), { color: COLORS.muted });
}

function gapAnalysis(pdf: Pdf, doc: ReportDocument): void {
  sectionTitle(pdf, 'Gap analysis');
  if (!doc.report.gapAnalysis.length) return paragraph(pdf, 'No gaps: every question was answered Yes.');
  for (const domain of doc.report.gapAnalysis) {
    subheading(pdf, domain.domain_name, `${domain.points_lost} point${domain.points_lost === 1 ? '' : 's'} lost`);
    table(
      pdf,
      [
        { header: 'Code', width: 9 },
        { header: 'Question', width: 46 },
        { header: 'Points', width: 9, align: 'center' },
        { header: 'What a Yes requires', width: 36 },
      ],
      domain.gaps.map((g) => [g.critical ? `${g.code}\nCritical` : g.code, g.question_text, String(g.points), { text: g.guidance, note: sourcesLine(g.citations) }]),
    );
  }
}

/** Per framework crosswalk, the items met and each gap with the questions behind it (as on screen). */
function frameworkCoverage(pdf: Pdf, doc: ReportDocument): void {
  const frameworks = doc.report.framework_coverage;
  if (!frameworks.length) return;
  sectionTitle(pdf, 'Framework coverage');
  paragraph(pdf, COVERAGE_INTRO, { color: COLORS.muted });
  for (const c of frameworks) {
    subheading(pdf, coverageHeadline(c));
    paragraph(pdf, coverageScopeLine(c), { color: COLORS.muted });
    for (const g of c.gaps) bullet(pdf, `Gap: ${coverageGapLabel(g)}`, COLORS.fail);
  }
}

function actionPlan(pdf: Pdf, doc: ReportDocument): void {
  sectionTitle(pdf, 'Corrective action plan');
  paragraph(pdf, 'Each gap has an action, a priority, an owner and a target date. Owners and status are kept up to date in the app.', { color: COLORS.muted });
  if (!doc.report.correctiveActions.length) return paragraph(pdf, 'No corrective actions are needed.');
  table(
    pdf,
    [
      { header: 'Code', width: 8 },
      { header: 'Action', width: 42 },
      { header: 'Priority', width: 10 },
      { header: 'Owner', width: 15 },
      { header: 'Target date', width: 14 },
      { header: 'Status', width: 11 },
    ],
    doc.report.correctiveActions.map((a) => [a.code, a.action, PRIORITY_LABEL[a.priority] ?? a.priority, a.owner_name ?? 'Unassigned', formatDate(a.target_date), STATUS_LABEL[a.status] ?? a.status]),
  );
}

function evidenceIndex(pdf: Pdf, doc: ReportDocument): void {
  sectionTitle(pdf, 'Evidence index');
  if (!doc.evidence.length) return paragraph(pdf, 'No question of this questionnaire asks for document evidence.');
  table(
    pdf,
    [
      { header: 'Code', width: 8 },
      { header: 'Evidence expected', width: 42 },
      { header: 'Answer', width: 10 },
      { header: 'Files on record', width: 40 },
    ],
    doc.evidence.map((e) => [
      e.code,
      e.evidenceDescription || e.questionText,
      e.answer === 'yes' ? 'Yes' : e.answer === 'no' ? 'No' : '—',
      evidenceFilesCell(e, { size: true }),
    ]),
  );
}

function scoringMethod(pdf: Pdf, doc: ReportDocument): void {
  sectionTitle(pdf, 'Scoring method');
  for (const p of scoringMethodParagraphs(doc)) paragraph(pdf, p);
  const [grade, share, minimum] = GRADE_SCALE_HEADERS(doc.scoringMethod.maxScore);
  table(
    pdf,
    [
      { header: grade, width: 20 },
      { header: share, width: 40 },
      { header: minimum, width: 40 },
    ],
    gradeScaleRows(doc),
  );
}

/** Renders the PDF. `compress: false` keeps text streams readable (tests assert on them). */
export async function renderReportPdf(doc: ReportDocument, opts: { compress?: boolean } = {}): Promise<Buffer> {
  // Loaded on first use: pdfkit takes a third of a second to import, which start-up need not pay.
  const { default: Pdfkit }: { default: typeof PDFDocument } = await import('pdfkit');
  const pdf = new Pdfkit({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    compress: opts.compress ?? true,
    info: { Title: `${REPORT_TITLE}: ${doc.organizationName}`, Author: PRODUCT_NAME, Subject: `Assessment ${doc.assessmentId}` },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  cover(pdf, doc);
  executiveSummary(pdf, doc);
  gapAnalysis(pdf, doc);
  frameworkCoverage(pdf, doc);
  actionPlan(pdf, doc);
  evidenceIndex(pdf, doc);
  scoringMethod(pdf, doc);
  pageFurniture(pdf, `${doc.organizationName} · ${REPORT_TITLE}`);
  pdf.end();
  return done;
}
