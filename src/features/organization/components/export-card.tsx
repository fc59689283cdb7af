// "Export organization data" (org_admin): one zip of everything the organization owns
// (docs/decisions/023-data-export-and-deletion.md). The page asks for a one-time link
// (POST /api/organization/export) and hands it to the browser, which downloads the zip itself:
// streamed to disk with the browser's own progress, never held in the tab.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';
import { Card, CardBody, CardHeader } from '../../../components/ui/card.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { messageOf, useServerMutation } from '../../../lib/server-data/index.ts';
import { downloadByLink } from '../../../lib/download-report.ts';
import { createExportLink } from '../api/organization-api.ts';

const INCLUDED = [
  'Organization details, members, invitations and join requests',
  'Every assessment with its answers (also as a CSV file for spreadsheets), full answer history and deferrals',
  'The corrective action plan (JSON, and the spreadsheet once the detailed report is released)',
  'Self-certification records with their certificate PDFs',
  'All evidence files, byte for byte',
  'Report files (PDF, Word, spreadsheet) of submitted assessments whose detailed report is released',
];

export function ExportCard() {
  const { notify } = useToast();
  const exporter = useServerMutation(() => createExportLink());
  const busy = exporter.pending;
  const [error, setError] = useState<string | null>(null);

  async function onExport() {
    if (busy) return;
    setError(null);
    const res = await exporter.run(undefined);
    if (!res.ok) return setError(messageOf(res, 'The export could not be started. Please try again.'));
    downloadByLink(res.value.url);
    notify('Your organization export is downloading. Your browser shows its progress in its downloads.', 'success');
  }

  return (
    <Card>
      <CardHeader icon={<Download className="size-5" />} title="Export organization data" description="Download everything your organization has stored here as one zip file." />
      <CardBody>
        <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {INCLUDED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="mb-4 text-sm text-slate-600">
          A README.txt file explains what each file holds. A manifest.json file lists every file with its SHA-256 checksum, and names any report held back until payment is verified. Large organizations may take a few minutes.
        </p>
        {error && (
          <Alert tone="error" className="mb-4">
            {error}
          </Alert>
        )}
        {/* Focus stays on the button while the link is prepared (BusyButton: aria-disabled, not disabled). */}
        <BusyButton busy={busy} icon={<Download aria-hidden="true" className="size-4" />} onClick={() => void onExport()}>
          {busy ? 'Preparing export…' : 'Export organization data'}
        </BusyButton>
      </CardBody>
    </Card>
  );
}
