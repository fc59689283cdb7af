// Words for the submit barrier (ADR 005): "Sending 3 answers and 1 file, 12 MB...".
import { formatBytes, plural } from '../../../utils/format-time.ts';
import type { OutboxSummary } from '../../../sync/index.ts';

function joinParts(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export function sendingText(q: Pick<OutboxSummary, 'answers' | 'deferrals' | 'files' | 'fileBytes'>): string {
  const parts: string[] = [];
  if (q.answers) parts.push(plural(q.answers, 'answer'));
  if (q.deferrals) parts.push(plural(q.deferrals, 'deferral'));
  if (q.files) parts.push(plural(q.files, 'file'));
  if (!parts.length) return 'Submitting...';
  const size = q.files && q.fileBytes >= 1024 * 1024 ? `, ${formatBytes(q.fileBytes)}` : '';
  return `Sending ${joinParts(parts)}${size}...`;
}
