// One assessment's corrective action plan as an Excel workbook (one row per action, editable),
// built by the action plan's sheet builder (server/features/actions/actions.xlsx.ts).
import { renderActionSheet } from '../actions/index.ts';
import type { ReportDocument } from './reports.data.ts';
import { PRIORITY_LABEL, STATUS_LABEL, profileLine, scoreLine } from './reports.format.ts';

const COLUMNS = [
  { header: 'Code', key: 'code', width: 9 },
  { header: 'Domain', key: 'domain', width: 30 },
  { header: 'Question', key: 'question', width: 50 },
  { header: 'Corrective action', key: 'action', width: 60 },
  { header: 'Priority', key: 'priority', width: 11 },
  { header: 'Owner', key: 'owner', width: 22 },
  { header: 'Target date', key: 'target', width: 14, date: true },
  { header: 'Status', key: 'status', width: 13 },
  { header: 'Notes', key: 'notes', width: 40 },
] as const;

export async function renderActionsXlsx(doc: ReportDocument): Promise<Buffer> {
  const r = doc.report.result;
  const domainName = new Map(r.domainScores.map((d) => [d.id, d.name]));
  return renderActionSheet({
    created: new Date(doc.generatedAt),
    title: `Corrective action plan: ${doc.organizationName}`,
    subtitle: [`Assessment ${doc.assessmentId}: ${scoreLine(r)}, grade ${r.grade}, ${r.passFail}`, profileLine(doc)],
    columns: COLUMNS,
    rows: doc.report.correctiveActions.map((a) => ({
      code: a.code,
      domain: domainName.get(a.domain_id) ?? a.domain_id,
      question: a.question_text,
      action: a.action,
      priority: PRIORITY_LABEL[a.priority] ?? a.priority,
      owner: a.owner_name ?? '',
      target: a.target_date ? new Date(a.target_date) : null,
      status: STATUS_LABEL[a.status] ?? a.status,
      notes: a.notes,
    })),
  });
}
