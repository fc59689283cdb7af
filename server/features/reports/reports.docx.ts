// The detailed report as an editable Word document (same sections and numbers as the PDF).
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { COVERAGE_INTRO, coverageGapLabel, coverageHeadline, coverageScopeLine } from '#domain/scoring/coverage-text.ts';
import type { ReportDocument } from './reports.data.ts';
import { PRIORITY_LABEL, PRODUCT_NAME, REPORT_TITLE, STATUS_LABEL, askedSentence, cellParts, evidenceFilesCell, formatDate, GRADE_SCALE_HEADERS, gradeScaleRows, passFailReasons, profileRows, scoreLine, scoringMethodParagraphs, shortId, sourcesLine, summarySentence, type ReportCell } from './reports.format.ts';

const BRAND = '1E3A8A';
const TRACK = 'E2E8F0';
const NONE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const NO_BORDERS = { top: NONE, bottom: NONE, left: NONE, right: NONE };

const p = (text: string, opts: { bold?: boolean; size?: number; color?: string } = {}) =>
  new Paragraph({ spacing: { after: 120 }, children: [new TextRun({ text, bold: opts.bold, size: opts.size ?? 21, color: opts.color })] });
const h1 = (text: string, pageBreak = true) => new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: pageBreak, spacing: { after: 200 }, children: [new TextRun({ text, color: BRAND })] });
const h2 = (text: string) => new Paragraph({ heading: HeadingLevel.HEADING_2, spacing: { before: 200, after: 120 }, children: [new TextRun(text)] });

function cell(content: ReportCell, opts: { header?: boolean; width?: number; fill?: string } = {}): TableCell {
  const { text, note } = cellParts(content);
  const lines = text || !note ? text.split('\n').map((line) => new Paragraph({ children: [new TextRun({ text: line, bold: opts.header, color: opts.header ? 'FFFFFF' : undefined, size: 18 })] })) : [];
  return new TableCell({
    width: opts.width ? { size: opts.width, type: WidthType.PERCENTAGE } : undefined,
    shading: opts.header ? { type: ShadingType.CLEAR, color: 'auto', fill: BRAND } : opts.fill ? { type: ShadingType.CLEAR, color: 'auto', fill: opts.fill } : undefined,
    margins: { top: 60, bottom: 60, left: 80, right: 80 },
    children: note
      ? [...lines, ...note.split('\n').map((line, i) => new Paragraph({ spacing: { before: i === 0 && lines.length ? 60 : 0 }, children: [new TextRun({ text: line, size: 15, color: '475569' })] }))]
      : lines,
  });
}

function table(headers: [string, number][], rows: ReportCell[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: headers.map(([h, w]) => cell(h, { header: true, width: w })) }),
      ...rows.map((r, i) => new TableRow({ children: r.map((c, j) => cell(c, { width: headers[j]![1], fill: i % 2 ? 'F8FAFC' : undefined })) })),
    ],
  });
}

/** Per-domain bar chart: a filled share of a track cell for each domain. */
function domainChart(doc: ReportDocument): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { ...NO_BORDERS, insideHorizontal: NONE, insideVertical: NONE },
    rows: doc.report.result.domainScores.map((d) => {
      const share = d.total_points ? Math.round((d.earned_points / d.total_points) * 100) : 0;
      const bar = new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        borders: { ...NO_BORDERS, insideHorizontal: NONE, insideVertical: NONE },
        rows: [
          new TableRow({
            children: [
              ...(share > 0 ? [cell(' ', { width: share, fill: share >= 80 ? '15803D' : share >= 60 ? 'B45309' : 'B91C1C' })] : []),
              ...(share < 100 ? [cell(' ', { width: 100 - share, fill: TRACK })] : []),
            ],
          }),
        ],
      });
      return new TableRow({
        children: [
          cell(d.name, { width: 34 }),
          new TableCell({ width: { size: 46, type: WidthType.PERCENTAGE }, borders: NO_BORDERS, margins: { top: 60, bottom: 60 }, children: [bar, new Paragraph('')] }),
          cell(`${d.earned_points}/${d.total_points} (${d.weighted_percentage}%)`, { width: 20 }),
        ],
      });
    }),
  });
}

function coverSection(doc: ReportDocument): Paragraph[] {
  const r = doc.report.result;
  return [
    new Paragraph({ spacing: { before: 1200, after: 200 }, children: [new TextRun({ text: PRODUCT_NAME.toUpperCase(), bold: true, color: BRAND, size: 24 })] }),
    new Paragraph({ heading: HeadingLevel.TITLE, spacing: { after: 200 }, children: [new TextRun({ text: REPORT_TITLE, color: BRAND })] }),
    p('Detailed report with gap analysis and corrective action plan', { size: 26, color: '475569' }),
    new Paragraph({ spacing: { before: 600, after: 120 }, children: [new TextRun({ text: doc.organizationName, bold: true, size: 40 })] }),
    p(`Assessment ${shortId(doc.assessmentId)} · questionnaire ${doc.versionLabel}`, { color: '475569' }),
    p(`Submitted ${formatDate(doc.submittedAt)}${doc.submittedBy ? ` by ${doc.submittedBy}` : ''}`, { color: '475569' }),
    new Paragraph({
      spacing: { before: 600 },
      alignment: AlignmentType.LEFT,
      children: [
        new TextRun({ text: `Total score ${r.totalScore}/${r.maxScore}`, bold: true, size: 36, color: BRAND }),
        new TextRun({ text: `    Grade ${r.grade}`, bold: true, size: 36, color: BRAND }),
        new TextRun({ text: `    ${r.passFail}`, bold: true, size: 36, color: r.passFail === 'Pass' ? '15803D' : 'B91C1C' }),
      ],
    }),
    p(scoreLine(r), { color: '475569' }),
    p(`Generated ${formatDate(doc.generatedAt)}. Confidential: prepared for ${doc.organizationName}.`, { size: 18, color: '475569' }),
  ];
}

function body(doc: ReportDocument): (Paragraph | Table)[] {
  const r = doc.report.result;
  const out: (Paragraph | Table)[] = [...coverSection(doc), h1('Executive summary'), p(summarySentence(doc), { size: 24 }), p(`${scoreLine(r)}.`)];
  out.push(h2(r.passFail === 'Pass' ? 'Why the assessment passes' : 'Why the assessment fails'));
  for (const reason of passFailReasons(doc)) out.push(new Paragraph({ bullet: { level: 0 }, children: [new TextRun(reason)] }));
  out.push(h2('Score by domain'), domainChart(doc));
  out.push(
    h2('Applicability profile'),
    table([['Part of the profile', 30], ['As recorded when the assessment started', 70]], profileRows(doc).map((row) => [row.label, row.value])),
    p(askedSentence(doc), { color: '475569' }),
  );

  out.push(h1('Gap analysis'));
  if (!doc.report.gapAnalysis.length) out.push(p('No gaps: every question was answered Yes.'));
  for (const d of doc.report.gapAnalysis) {
    out.push(h2(`${d.domain_name} (${d.points_lost} point${d.points_lost === 1 ? '' : 's'} lost)`));
    out.push(table([['Code', 10], ['Question', 45], ['Points', 9], ['What a Yes requires', 36]], d.gaps.map((g) => [g.critical ? `${g.code}\nCritical` : g.code, g.question_text, String(g.points), { text: g.guidance, note: sourcesLine(g.citations) }])));
  }

  if (doc.report.framework_coverage.length) {
    out.push(h1('Framework coverage'), p(COVERAGE_INTRO, { color: '475569' }));
    for (const c of doc.report.framework_coverage) {
      out.push(h2(coverageHeadline(c)), p(coverageScopeLine(c), { color: '475569' }));
      for (const g of c.gaps) out.push(new Paragraph({ bullet: { level: 0 }, children: [new TextRun(`Gap: ${coverageGapLabel(g)}`)] }));
    }
  }

  out.push(h1('Corrective action plan'), p('Each gap has an action, a priority, an owner and a target date.', { color: '475569' }));
  out.push(
    doc.report.correctiveActions.length
      ? table(
          [['Code', 8], ['Action', 42], ['Priority', 10], ['Owner', 15], ['Target date', 14], ['Status', 11]],
          doc.report.correctiveActions.map((a) => [a.code, a.action, PRIORITY_LABEL[a.priority] ?? a.priority, a.owner_name ?? 'Unassigned', formatDate(a.target_date), STATUS_LABEL[a.status] ?? a.status]),
        )
      : p('No corrective actions are needed.'),
  );

  out.push(h1('Evidence index'));
  out.push(
    doc.evidence.length
      ? table(
          [['Code', 8], ['Evidence expected', 42], ['Answer', 10], ['Files on record', 40]],
          doc.evidence.map((e) => [e.code, e.evidenceDescription || e.questionText, e.answer === 'yes' ? 'Yes' : e.answer === 'no' ? 'No' : '—', evidenceFilesCell(e, { size: false })]),
        )
      : p('No question of this questionnaire asks for document evidence.'),
  );

  out.push(h1('Scoring method'), ...scoringMethodParagraphs(doc).map((t) => p(t)));
  const [grade, share, minimum] = GRADE_SCALE_HEADERS(doc.scoringMethod.maxScore);
  out.push(table([[grade, 20], [share, 40], [minimum, 40]], gradeScaleRows(doc)));
  return out;
}

export async function renderReportDocx(doc: ReportDocument): Promise<Buffer> {
  const file = new Document({
    creator: PRODUCT_NAME,
    title: `${REPORT_TITLE}: ${doc.organizationName}`,
    description: `Assessment ${doc.assessmentId}`,
    styles: { default: { document: { run: { font: 'Calibri', size: 21 } } } },
    sections: [{ properties: { page: { margin: { top: 1080, bottom: 1080, left: 1080, right: 1080 } } }, children: body(doc) }],
  });
  return Packer.toBuffer(file);
}
