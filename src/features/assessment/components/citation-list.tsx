import { ExternalLink } from 'lucide-react';
import type { SourceStatus } from '#domain/questions/source-types.ts';
import { citationDateText, citationStatusText, type CitationView } from '#domain/questions/citation.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const STATUS_TONE: Record<SourceStatus, BadgeTone> = {
  in_force: 'success',
  announced: 'brand',
  proposed: 'neutral',
  superseded: 'warning',
  rescinded: 'warning',
};

/** The title, linked when the text is public (a new tab, said in words for screen readers). */
function Title({ c }: { c: CitationView }) {
  const title = c.document ?? c.label;
  if (!c.url) return <span>{title}</span>;
  return (
    <a href={c.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
      {title}
      <ExternalLink aria-hidden="true" className="ml-1 inline size-3 align-baseline" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The citations of a question or gap; a copy saved offline before citations were sent has only the
 * labels (sources), shown as they are.
 */
export const citationsIn = (item: { sources: readonly string[]; citations?: readonly CitationView[] }): readonly CitationView[] =>
  item.citations ??
  item.sources.map((label) => ({ id: label, label, document: null, issuer: null, date: null, pinpoint: null, status: null, effective: null, url: null, superseded_by: null }));

/**
 * A question's sources as people need them to look one up: title (linked when public), short
 * citation, issuing body, date, pinpoint, and where it stands with its effective date. Long titles
 * and pinpoints wrap (390 px wide screens).
 */
export function CitationList({ citations, testId = 'citation' }: { citations: readonly CitationView[]; testId?: string }) {
  return (
    <ul className="space-y-3">
      {citations.map((c) => {
        const status = citationStatusText(c);
        const issued = [c.label, c.issuer, citationDateText(c)].filter(Boolean).join(' · ');
        return (
          <li key={c.id} className="min-w-0 text-xs break-words text-slate-600" data-testid={testId}>
            <p className="text-sm font-medium text-slate-900">
              <Title c={c} />
            </p>
            {c.document !== null && <p className="mt-0.5">{issued}</p>}
            {c.pinpoint && <p className="mt-0.5">{c.pinpoint}</p>}
            {c.status && (
              <p className="mt-1">
                <Badge tone={STATUS_TONE[c.status]} className="whitespace-normal!">
                  {status}
                </Badge>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
