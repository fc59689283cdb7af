// The corrective action plan as an Excel workbook (one row per action, editable), and a second sheet
// with the evidence index: one row per file on record with its dates and whether it has expired.
import ExcelJS from 'exceljs';
import type { ReportDocument } from './reports.data.ts';
import { NO_CURRENT_EVIDENCE, PRIORITY_LABEL, PRODUCT_NAME, STATUS_LABEL, profileLine, scoreLine } from './reports.format.ts';

const HEADER_FONT = { bold: true, color: { argb: 'FFFFFFFF' } };
const HEADER_FILL = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: 'FF1E3A8A' } };

export async function renderActionsXlsx(doc: ReportDocument): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = PRODUCT_NAME;
  wb.created = new Date(doc.generatedAt);
  const r = doc.report.result;
  const domainName = new Map(r.domainScores.map((d) => [d.id, d.name]));

  const HEADER_ROW = 5;
  const sheet = wb.addWorksheet('Corrective actions', { views: [{ state: 'frozen', ySplit: HEADER_ROW }] });
  sheet.getCell('A1').value = `Corrective action plan: ${doc.organizationName}`;
  sheet.getCell('A1').font = { bold: true, size: 14, color: { argb: 'FF1E3A8A' } };
  sheet.getCell('A2').value = `Assessment ${doc.assessmentId}: ${scoreLine(r)}, grade ${r.grade}, ${r.passFail}`;
  sheet.getCell('A2').font = { color: { argb: 'FF475569' } };
  sheet.getCell('A3').value = profileLine(doc);
  sheet.getCell('A3').font = { color: { argb: 'FF475569' } };

  const columns = [
    { header: 'Code', key: 'code', width: 9 },
    { header: 'Domain', key: 'domain', width: 30 },
    { header: 'Question', key: 'question', width: 50 },
    { header: 'Corrective action', key: 'action', width: 60 },
    { header: 'Priority', key: 'priority', width: 11 },
    { header: 'Owner', key: 'owner', width: 22 },
    { header: 'Target date', key: 'target', width: 14 },
    { header: 'Status', key: 'status', width: 13 },
    { header: 'Notes', key: 'notes', width: 40 },
  ];
  sheet.columns = columns.map(({ key, width }) => ({ key, width }));
  const header = sheet.getRow(HEADER_ROW);
  header.values = columns.map((c) => c.header);
  header.eachCell((c) => {
    c.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A8A' } };
    c.alignment = { vertical: 'middle' };
  });
  for (const a of doc.report.correctiveActions) {
    const row = sheet.addRow({
      code: a.code,
      domain: domainName.get(a.domain_id) ?? a.domain_id,
      question: a.question_text,
      action: a.action,
      priority: PRIORITY_LABEL[a.priority] ?? a.priority,
      owner: a.owner_name ?? '',
      target: a.target_date ? new Date(a.target_date) : null,
      status: STATUS_LABEL[a.status] ?? a.status,
      notes: a.notes,
    });
    row.alignment = { vertical: 'top', wrapText: true };
  }
  sheet.getColumn('target').numFmt = 'yyyy-mm-dd';
  sheet.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: columns.length } };
  evidenceSheet(wb, doc);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** "Evidence index": a row per file (or one "None attached" row per question without files); dates as real dates. */
function evidenceSheet(wb: ExcelJS.Workbook, doc: ReportDocument): void {
  const HEADER_ROW = 3;
  const sheet = wb.addWorksheet('Evidence index', { views: [{ state: 'frozen', ySplit: HEADER_ROW }] });
  sheet.getCell('A1').value = `Evidence index: ${doc.organizationName} (expiry judged on ${doc.generatedAt.slice(0, 10)})`;
  sheet.getCell('A1').font = { bold: true, size: 14, color: { argb: 'FF1E3A8A' } };
  const columns = [
    { header: 'Code', key: 'code', width: 9 },
    { header: 'Evidence expected', key: 'expected', width: 50 },
    { header: 'Answer', key: 'answer', width: 9 },
    { header: 'File', key: 'file', width: 36 },
    { header: 'Uploaded', key: 'uploaded', width: 13 },
    { header: 'Effective', key: 'effective', width: 13 },
    { header: 'Expires', key: 'expires', width: 13 },
    { header: 'Status', key: 'status', width: 40 },
  ];
  sheet.columns = columns.map(({ key, width }) => ({ key, width }));
  const header = sheet.getRow(HEADER_ROW);
  header.values = columns.map((c) => c.header);
  header.eachCell((c) => {
    c.font = HEADER_FONT;
    c.fill = HEADER_FILL;
  });
  const day = (ymd: string | null) => (ymd ? new Date(`${ymd.slice(0, 10)}T00:00:00Z`) : null);
  for (const e of doc.evidence) {
    const base = { code: e.code, expected: e.evidenceDescription || e.questionText, answer: e.answer === 'yes' ? 'Yes' : e.answer === 'no' ? 'No' : '' };
    if (!e.files.length) {
      sheet.addRow({ ...base, file: 'None attached' }).alignment = { vertical: 'top', wrapText: true };
      continue;
    }
    for (const f of e.files) {
      const status = f.expired ? `Expired${e.hasCurrentEvidence ? '' : `. ${NO_CURRENT_EVIDENCE}`}` : 'Current';
      const row = sheet.addRow({ ...base, file: f.name, uploaded: day(f.uploadedAt), effective: day(f.effectiveOn), expires: day(f.expiresOn), status });
      row.alignment = { vertical: 'top', wrapText: true };
      if (f.expired) row.getCell('status').font = { bold: true, color: { argb: 'FFB91C1C' } };
    }
  }
  for (const key of ['uploaded', 'effective', 'expires']) sheet.getColumn(key).numFmt = 'yyyy-mm-dd';
  sheet.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: columns.length } };
}
