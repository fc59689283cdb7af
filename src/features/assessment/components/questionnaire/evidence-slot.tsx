// Evidence beside a question: pick files or take a photo, each file with its own state
// (queued / x % / uploaded / failed / too large) and its dates (ADR 019: effective date, optional
// expiry, "Expired"). Files are queued in Dexie with their dates and sent by the sync runtime's one
// upload scheduler (runtime.evidence, ADR 017); an uploaded file's dates change online only.
import { useRef, useState, type ChangeEvent } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { AlertTriangle, CalendarDays, Camera, CheckCircle2, CircleDashed, Download, FileWarning, Loader2, Paperclip, RotateCcw, Trash2, XCircle } from 'lucide-react';
import { EVIDENCE_ACCEPT } from '#domain/evidence.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { getAppConfig } from '../../../../config/app-config.ts';
import { appAlert } from '../../../../lib/app-dialogs.ts';
import { saveBlob } from '../../../../lib/download-report.ts';
import { datesProblem, type LocalEvidence, type SyncRuntime } from '../../../../sync/index.ts';
import { cn } from '../../../../utils/cn.ts';
import { formatBytes, formatDateTime } from '../../../../utils/format-time.ts';
import { localDay } from '#domain/dates.ts';
import { DateFields, draftToDates, EvidenceDatesLine, freshnessOf, type DateDraft } from './evidence-dates.tsx';

/** Under a question that requires evidence when every file on it has expired. */
export const EVIDENCE_EXPIRED_MESSAGE = 'Evidence expired: upload a current document';

/** A new document's effective date: today on this device's calendar (what a person means by "today"). */
const newDraft = (): DateDraft => ({ effectiveOn: localDay(), expiresOn: '' });

/** Changing the dates of one file: the fields, Save and Cancel, and what went wrong. */
function EditDates({ file, onSave, onCancel }: { file: LocalEvidence; onSave: (draft: DateDraft) => Promise<string | null>; onCancel: () => void }) {
  const [draft, setDraft] = useState<DateDraft>({ effectiveOn: file.effectiveOn ?? '', expiresOn: file.expiresOn ?? '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const problem = datesProblem(draftToDates(draft));
  return (
    <form
      className="mt-2 space-y-2 rounded-md bg-slate-50 p-2"
      aria-label={`Dates of ${file.fileName}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (problem) return setError(problem);
        setSaving(true);
        void onSave(draft).then((message) => {
          setSaving(false);
          setError(message);
        });
      }}
    >
      <DateFields value={draft} onChange={setDraft} error={problem} disabled={saving} />
      {error && error !== problem && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button size="sm" type="submit" loading={saving}>
          Save dates
        </Button>
        <Button size="sm" variant="ghost" type="button" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface Refused {
  key: string;
  name: string;
  message: string;
  tooLarge: boolean;
}

function FileState({ file }: { file: LocalEvidence }) {
  if (file.status === 'failed')
    return (
      <span className="inline-flex items-center gap-1 text-red-700">
        <XCircle aria-hidden="true" className="size-3.5" />
        Failed
      </span>
    );
  if (file.status === 'attached' || file.status === 'complete')
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700">
        <CheckCircle2 aria-hidden="true" className="size-3.5" />
        Uploaded
      </span>
    );
  if (file.status === 'uploading')
    return (
      <span className="inline-flex items-center gap-1 text-slate-700 tabular-nums">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
        {Math.round(file.progress * 100)} %
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-amber-700">
      <CircleDashed aria-hidden="true" className="size-3.5" />
      Queued
    </span>
  );
}

export interface EvidenceSlotProps {
  runtime: SyncRuntime;
  assessmentId: string;
  questionId: string;
  userId: string;
  locked: boolean;
  /** The question requires document evidence: say so when every file on it has expired. */
  required?: boolean;
}

export function EvidenceSlot({ runtime, assessmentId, questionId, userId, locked, required = false }: EvidenceSlotProps) {
  const files = useLiveQuery(() => runtime.db.evidence.where('[assessmentId+questionId]').equals([assessmentId, questionId]).toArray(), [runtime, assessmentId, questionId]) ?? [];
  const [refused, setRefused] = useState<Refused[]>([]);
  const [busy, setBusy] = useState(false);
  /** A download that failed, by file id (e.g. offline for a file whose bytes are on the server only). */
  const [downloadError, setDownloadError] = useState<{ id: string; message: string } | null>(null);
  /** The dates the next picked file gets (effective today, no expiry unless chosen). */
  const [nextDates, setNextDates] = useState<DateDraft>(newDraft);
  /** The file whose dates are being changed. */
  const [editing, setEditing] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const uploads = runtime.evidence;

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = '';
    setBusy(true);
    const refusedNow: Refused[] = [];
    const dates = draftToDates(nextDates);
    for (const file of picked) {
      const res = await uploads.queue({ assessmentId, questionId, userId, file, maxMb: getAppConfig().evidenceMaxMb, dates });
      if (!res.ok) refusedNow.push({ key: `${file.name}-${Date.now()}`, name: file.name, message: res.message, tooLarge: res.code === 'payload_too_large' });
    }
    setRefused((r) => [...refusedNow, ...r].slice(0, 5));
    // The next document starts from today again, with no expiry carried over by mistake.
    if (refusedNow.length < picked.length) setNextDates(newDraft());
    setBusy(false);
  };

  const onSaveDates = async (id: string, draft: DateDraft): Promise<string | null> => {
    const res = await uploads.setDates(id, draftToDates(draft));
    if (!res.ok) return res.message;
    setEditing(null);
    return null;
  };

  const allExpired = files.length > 0 && files.every((f) => freshnessOf(f).kind === 'expired');
  const nextProblem = datesProblem(draftToDates(nextDates));

  const onDownload = async (id: string) => {
    setDownloadError(null);
    // The local bytes while the file waits to upload, otherwise the organization-scoped download
    // route (teammates' files and this user's from other devices).
    const res = await uploads.file(id);
    if (res.ok) saveBlob(res.blob, res.fileName);
    else setDownloadError({ id, message: res.message });
  };

  const onRemove = async (id: string) => {
    const res = await uploads.remove(id);
    if (!res.ok) void appAlert(res.message, 'Evidence');
  };

  return (
    <div className="space-y-3">
      {required && allExpired && (
        <p className="flex items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-xs font-medium text-red-900" data-testid="evidence-expired">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          {EVIDENCE_EXPIRED_MESSAGE}
        </p>
      )}
      {(files.length > 0 || refused.length > 0) && (
        <ul className="space-y-2" aria-label="Evidence files" aria-live="polite">
          {files.map((f) => (
            <li key={f.id} className="rounded-lg border border-slate-200 px-3 py-2 text-xs" data-testid="evidence-file">
              <div className="flex items-center gap-2">
                <Paperclip aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900" title={f.fileName}>
                  {f.fileName}
                </span>
                <FileState file={f} />
              </div>
              <EvidenceDatesLine file={f} />
              <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-slate-500">
                <span data-testid="evidence-meta">
                  {formatBytes(f.sizeBytes)}
                  {f.uploadedByName && f.userId !== userId && ` · ${f.uploadedByName}`}
                  {f.uploadedAt && ` · ${formatDateTime(f.uploadedAt)}`}
                </span>
                <span className="flex flex-wrap gap-1">
                  {!locked && editing !== f.id && (
                    <button type="button" className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-slate-100" onClick={() => setEditing(f.id)} aria-label={`Edit dates of ${f.fileName}`}>
                      <CalendarDays aria-hidden="true" className="size-3" /> Dates
                    </button>
                  )}
                  {(f.status === 'attached' || f.status === 'complete' || f.bytes) && (
                    <button type="button" className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-slate-100" onClick={() => void onDownload(f.id)} aria-label={`Download ${f.fileName}`}>
                      <Download aria-hidden="true" className="size-3" /> Download
                    </button>
                  )}
                  {f.status === 'failed' && (
                    <button type="button" className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-slate-100" onClick={() => void uploads.retry(f.id)}>
                      <RotateCcw aria-hidden="true" className="size-3" /> Retry
                    </button>
                  )}
                  {!locked && (
                    <button type="button" className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-slate-100" onClick={() => void onRemove(f.id)} aria-label={`Remove ${f.fileName}`}>
                      <Trash2 aria-hidden="true" className="size-3" /> Remove
                    </button>
                  )}
                </span>
              </div>
              {editing === f.id && !locked && <EditDates file={f} onSave={(draft) => onSaveDates(f.id, draft)} onCancel={() => setEditing(null)} />}
              {f.status === 'failed' && f.error && <p className="mt-1 text-red-700">{f.error.message}</p>}
              {downloadError?.id === f.id && (
                <p role="alert" className="mt-1 text-red-700">
                  {downloadError.message}
                </p>
              )}
            </li>
          ))}
          {refused.map((r) => (
            <li key={r.key} className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-900">
              <p className="flex items-center gap-2 font-medium">
                <FileWarning aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="min-w-0 flex-1 truncate">{r.name}</span>
                <span>{r.tooLarge ? 'Too large' : 'Not attached'}</span>
              </p>
              <p className="mt-1">{r.message}</p>
            </li>
          ))}
        </ul>
      )}
      <fieldset className={cn('space-y-2', locked && 'hidden')}>
        <legend className="mb-1 text-xs text-slate-600">Dates of the next file you attach</legend>
        <DateFields value={nextDates} onChange={setNextDates} error={nextProblem} disabled={busy} />
      </fieldset>
      <div className={cn('flex flex-wrap gap-2', locked && 'hidden')}>
        <input ref={picker} type="file" multiple accept={EVIDENCE_ACCEPT} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void onPick(e)} />
        <input ref={camera} type="file" accept="image/*" capture="environment" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void onPick(e)} />
        <Button size="sm" variant="secondary" loading={busy} disabled={!!nextProblem} onClick={() => picker.current?.click()} icon={<Paperclip aria-hidden="true" className="size-4" />}>
          Attach file
        </Button>
        <Button size="sm" variant="secondary" className="sm:hidden" disabled={!!nextProblem} onClick={() => camera.current?.click()} icon={<Camera aria-hidden="true" className="size-4" />}>
          Take photo
        </Button>
      </div>
    </div>
  );
}
