// Download buttons for the detailed report (PDF, Word) and the corrective action plan (Excel).
// Shared: the assessment results (members) and the admin assessments page both render it.
import { FileDown, FileSpreadsheet, FileText } from 'lucide-react';
import { BusyButton } from './ui/busy-button.tsx';
import { useToast } from './ui/toast.tsx';
import { messageOf, useServerMutation } from '../lib/server-data/index.ts';
import { downloadReport, reportUrl, type ReportFile } from '../lib/download-report.ts';

const FILES: { file: ReportFile; label: string; Icon: typeof FileText }[] = [
  { file: 'report.pdf', label: 'PDF report', Icon: FileDown },
  { file: 'report.docx', label: 'Word report', Icon: FileText },
  { file: 'actions.xlsx', label: 'Action plan (Excel)', Icon: FileSpreadsheet },
];

export function ReportDownloads({ assessmentId, asAdmin = false, size = 'sm' }: { assessmentId: string; asAdmin?: boolean; size?: 'sm' | 'md' }) {
  const download = useServerMutation((file: ReportFile) => downloadReport(reportUrl(assessmentId, file, asAdmin), file));
  const busy = download.pendingFor ?? null;
  const { notify } = useToast();
  const get = async (file: ReportFile) => {
    if (busy) return;
    const res = await download.run(file);
    if (!res.ok) notify(messageOf(res, 'The download failed. Please try again.'), 'error');
  };
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Download the detailed report">
      {FILES.map(({ file, label, Icon }) => (
        <BusyButton key={file} size={size} variant="secondary" busy={busy === file} blocked={busy !== null && busy !== file} icon={<Icon aria-hidden="true" className="size-4" />} onClick={() => void get(file)}>
          {label}
        </BusyButton>
      ))}
    </div>
  );
}
