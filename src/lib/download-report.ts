// Downloads a generated report file (PDF, DOCX, XLSX) through the API client and saves it, and
// hands one-time download links (the organization export) to the browser's own download.
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

/**
 * Hands a one-time download link (e.g. POST /api/organization/export) to the browser: it fetches
 * the file itself (Content-Disposition: attachment), streams it to disk and shows its own progress,
 * so a large file is never held in the tab's memory. The link needs no bearer token.
 */
export function downloadByLink(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
