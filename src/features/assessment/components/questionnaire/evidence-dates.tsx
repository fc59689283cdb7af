// The dates of an evidence file (ADR 019): the two date fields used when adding a file and when
// changing an uploaded one, and the line under a file ("Effective … · Expires …") with its
// "Expires in 12 days" / "Expired" badge. Expiry is judged on the UTC calendar day, the same rule
// as the server and the reports (domain/evidence-freshness.ts, domain/dates.ts).
import { useId } from 'react';
import { AlertTriangle, CalendarClock } from 'lucide-react';
import { daysBetween, utcDay } from '#domain/dates.ts';
import { EVIDENCE_REMINDER_DAYS, isExpired } from '#domain/evidence-freshness.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Input } from '../../../../components/ui/field.tsx';
import type { EvidenceDates, LocalEvidence } from '../../../../sync/index.ts';

/** The form's values: '' is an empty field. */
export interface DateDraft {
  effectiveOn: string;
  expiresOn: string;
}

export const draftToDates = (d: DateDraft): EvidenceDates => ({ effectiveOn: d.effectiveOn || null, expiresOn: d.expiresOn || null });

/** "Expires in" shows from this many days before the expiry (the first reminder, EVIDENCE_REMINDER_DAYS). */
export const EXPIRY_WARNING_DAYS = Math.max(...EVIDENCE_REMINDER_DAYS);

export type Freshness = { kind: 'expired' } | { kind: 'soon'; days: number } | { kind: 'current' };

/** Whether a file has expired, or expires within EXPIRY_WARNING_DAYS, on `today` (UTC day). */
export function freshnessOf(file: Pick<LocalEvidence, 'expiresOn'>, today: string = utcDay(new Date())): Freshness {
  if (!file.expiresOn) return { kind: 'current' };
  if (isExpired(file.expiresOn, today)) return { kind: 'expired' };
  const days = daysBetween(today, file.expiresOn);
  return days <= EXPIRY_WARNING_DAYS ? { kind: 'soon', days } : { kind: 'current' };
}

const soonText = (days: number) => (days === 0 ? 'Expires today' : `Expires in ${days} day${days === 1 ? '' : 's'}`);

/** "Effective 2026-01-15 · Expires 2027-01-15" and, when it applies, the warning or Expired badge (words, not colour only). */
export function EvidenceDatesLine({ file, today }: { file: Pick<LocalEvidence, 'effectiveOn' | 'expiresOn'>; today?: string }) {
  const freshness = freshnessOf(file, today);
  if (!file.effectiveOn && !file.expiresOn) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600" data-testid="evidence-dates">
      <span>
        {file.effectiveOn && `Effective ${file.effectiveOn}`}
        {file.effectiveOn && file.expiresOn && ' · '}
        {file.expiresOn && `Expires ${file.expiresOn}`}
      </span>
      {freshness.kind === 'expired' && (
        <Badge tone="danger" icon={<AlertTriangle aria-hidden="true" className="size-3" />}>
          Expired
        </Badge>
      )}
      {freshness.kind === 'soon' && (
        <Badge tone="warning" icon={<CalendarClock aria-hidden="true" className="size-3" />}>
          {soonText(freshness.days)}
        </Badge>
      )}
    </div>
  );
}

/** "Effective date" and "Expires on (optional)", side by side from the small breakpoint up. */
export function DateFields({ value, onChange, error, disabled }: { value: DateDraft; onChange: (next: DateDraft) => void; error?: string | null; disabled?: boolean }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-effective`} className="mb-1 block text-xs font-medium text-slate-800">
            Effective date
          </label>
          <Input
            id={`${id}-effective`}
            type="date"
            className="h-9"
            value={value.effectiveOn}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, effectiveOn: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-expires`} className="mb-1 block text-xs font-medium text-slate-800">
            Expires on (optional)
          </label>
          <Input
            id={`${id}-expires`}
            type="date"
            className="h-9"
            value={value.expiresOn}
            min={value.effectiveOn || undefined}
            disabled={disabled}
            invalid={!!error}
            aria-describedby={errorId}
            onChange={(e) => onChange({ ...value, expiresOn: e.target.value })}
          />
        </div>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
