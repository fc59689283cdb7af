// Downloads a generated report file (PDF, DOCX, XLSX) through the API client and saves it.
import { downloadFile } from './api-client.ts';

export type ReportFile = 'report.pdf' | 'report.docx' | 'actions.xlsx';

/** Members use /api/assessments/{id}/..., system admins /api/admin/assessments/{id}/... */
export const reportUrl = (assessmentId: string, file: ReportFile, asAdmin = false) =>
  `/api${asAdmin ? '/admin' : ''}/assessments/${encodeURIComponent(assessmentId)}/${file}`;

export async function downloadReport(url: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await downloadFile(url);
  saveBlob(blob, fileName ?? fallbackName);
}

/** Hands a downloaded file to the browser's save flow. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
