// Downloads a generated report file (PDF, DOCX, XLSX) with the bearer token and saves it.
import { MSG } from '#domain/messages.ts';
import { ApiError, errorMessageFrom } from './api-client.ts';
import { loadSupabase } from './supabase.ts';

export type ReportFile = 'report.pdf' | 'report.docx' | 'actions.xlsx';

/** Members use /api/assessments/{id}/..., system admins /api/admin/assessments/{id}/... */
export const reportUrl = (assessmentId: string, file: ReportFile, asAdmin = false) =>
  `/api${asAdmin ? '/admin' : ''}/assessments/${encodeURIComponent(assessmentId)}/${file}`;

function fileNameFrom(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

export async function downloadReport(url: string, fallbackName: string): Promise<void> {
  const { data } = await (await loadSupabase()).auth.getSession();
  const token = data.session?.access_token;
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(MSG.requestFailed, 0);
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new ApiError(errorMessageFrom(body, res.status), res.status, body);
  }
  saveBlob(await res.blob(), fileNameFrom(res.headers.get('content-disposition'), fallbackName));
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
