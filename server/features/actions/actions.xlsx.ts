// Corrective actions as an Excel workbook: the one sheet builder for one assessment's plan
// (GET /api/assessments/{id}/actions.xlsx, server/features/reports/reports.xlsx.ts) and for the
// organization's plan across assessments (GET /api/actions.xlsx).
import type ExcelJS from 'exceljs';
import type { ActionPlanItem } from '#domain/contracts/cycles.ts';
import { utcDay } from '#domain/dates.ts';
import { slugify } from '#domain/text.ts';

export const PRODUCT_NAME = 'MVRSP Assess';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PRIORITY_LABEL: Record<string, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };
export const STATUS_LABEL: Record<string, string> = { open: 'Open', in_progress: 'In progress', done: 'Done' };

export type SheetCell = string | Date | null;

export interface ActionSheet<K extends string> {
  created: Date;
  /** The bold first line, then muted lines under it (assessment, profile, filter). */
  title: string;
  subtitle: readonly string[];
  columns: readonly { header: string; key: K; width: number; date?: boolean }[];
  rows: readonly Record<K, SheetCell>[];
  /** Further sheets after the actions (the report's evidence index). */
  more?: (wb: ExcelJS.Workbook) => void;
}

/** One frozen, filterable sheet "Corrective actions": title lines, a header row, one row per action. */
export async function renderActionSheet<K extends string>(s: ActionSheet<K>): Promise<Buffer> {
  // Loaded on first use: exceljs takes a quarter of a second to import, which start-up need not pay.
  const { default: Excel }: { default: typeof ExcelJS } = await import('exceljs');
  const wb = new Excel.Workbook();
  wb.creator = PRODUCT_NAME;
  wb.created = s.created;
  const headerRow = s.subtitle.length + 3;
  const sheet = wb.addWorksheet('Corrective actions', { views: [{ state: 'frozen', ySplit: headerRow }] });
  sheet.getCell('A1').value = s.title;
  sheet.getCell('A1').font = { bold: true, size: 14, color: { argb: 'FF1E3A8A' } };
  s.subtitle.forEach((line, i) => {
    const cell = sheet.getCell(`A${i + 2}`);
    cell.value = line;
    cell.font = { color: { argb: 'FF475569' } };
  });
  sheet.columns = s.columns.map(({ key, width }) => ({ key, width }));
  const header = sheet.getRow(headerRow);
  header.values = s.columns.map((c) => c.header);
  header.eachCell((c) => {
    c.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A8A' } };
    c.alignment = { vertical: 'middle' };
  });
  for (const r of s.rows) sheet.addRow(r).alignment = { vertical: 'top', wrapText: true };
  for (const c of s.columns) if (c.date) sheet.getColumn(c.key).numFmt = 'yyyy-mm-dd';
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: s.columns.length } };
  s.more?.(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const PLAN_COLUMNS = [
  { header: 'Code', key: 'code', width: 9 },
  { header: 'Domain', key: 'domain', width: 30 },
  { header: 'Corrective action', key: 'action', width: 60 },
  { header: 'Priority', key: 'priority', width: 11 },
  { header: 'Owner', key: 'owner', width: 22 },
  { header: 'Target date', key: 'due', width: 14, date: true },
  { header: 'Status', key: 'status', width: 13 },
  { header: 'Overdue', key: 'overdue', width: 10 },
  { header: 'Opened', key: 'opened', width: 14, date: true },
  { header: 'Closed', key: 'closed', width: 14, date: true },
  { header: 'Note', key: 'note', width: 50 },
] as const;

const dateOf = (iso: string | null): Date | null => (iso ? new Date(iso) : null);

/** GET /api/actions.xlsx: the organization's plan as filtered, one row per action. */
export function renderActionPlanXlsx(input: { organizationName: string; generatedAt: Date; filterLine: string; items: readonly ActionPlanItem[] }): Promise<Buffer> {
  return renderActionSheet({
    created: input.generatedAt,
    title: `Corrective action plan: ${input.organizationName}`,
    subtitle: [`Every assessment, generated ${utcDay(input.generatedAt)}`, input.filterLine],
    columns: PLAN_COLUMNS,
    rows: input.items.map((a) => ({
      code: a.code,
      domain: a.domain_name,
      action: a.action,
      priority: PRIORITY_LABEL[a.priority] ?? a.priority,
      owner: a.owner_name ?? '',
      due: dateOf(a.target_date),
      status: STATUS_LABEL[a.status] ?? a.status,
      overdue: a.overdue ? 'Overdue' : '',
      opened: dateOf(a.opened_in.submitted_at),
      closed: dateOf(a.closed_at),
      note: [...new Set([a.closed_note ?? '', a.notes].map((x) => x.trim()).filter(Boolean))].join('\n'),
    })),
  });
}

/** A clean attachment name, e.g. mvrsp-action-plan-acme-research-2026-06-15.xlsx */
export function actionPlanFileName(organizationName: string, at: Date): string {
  return `mvrsp-action-plan-${slugify(organizationName)}-${utcDay(at)}.xlsx`;
}
