// How a carried start went (ADR 019): the result's CarrySummary (domain/contracts/cycles.ts) in one line.
import { History } from 'lucide-react';
import type { CarrySummary } from '#domain/contracts/cycles.ts';
import { plural } from '../../../../utils/format-time.ts';
import { formatDate } from '#domain/dates.ts';

/**
 * "Started from the assessment of Aug 20, 2026: 40 answers re-confirmed (12 in bulk), 3 changed,
 * 5 new or changed questions." `fromSubmittedAt`: when that assessment was submitted, if known.
 */
export function carryLine(carry: CarrySummary, fromSubmittedAt: string | null): string {
  const from = fromSubmittedAt ? `the assessment of ${formatDate(fromSubmittedAt)}` : 'the previous assessment';
  const reconfirmed = carry.confirmed + carry.bulk_confirmed;
  const bulk = carry.bulk_confirmed ? ` (${carry.bulk_confirmed} in bulk)` : '';
  return `Started from ${from}: ${plural(reconfirmed, 'answer')} re-confirmed${bulk}, ${carry.changed} changed, ${plural(carry.new_questions, 'new or changed question')}.`;
}

export function CarryNote({ carry, fromSubmittedAt }: { carry: CarrySummary; fromSubmittedAt: string | null }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700" data-testid="carry-note">
      <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>{carryLine(carry, fromSubmittedAt)}</span>
    </p>
  );
}
