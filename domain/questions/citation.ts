// A cited source as people see it (question card, gap analysis, report files): its title, issuing
// body, date, pinpoint, where it stands and a link when its text is public. citationsOf in
// domain/questions/sources.ts builds these from the register; this file only words them, so the SPA
// can import it without the register. Pure.
import { formatDay, formatPartialDay, type DateStyle } from '../dates.ts';
import type { SourceStatus } from './source-types.ts';

/**
 * One cited source. For a label stored before the source register (versions published before
 * source ids), only `id` and `label` are known and every other field is null.
 */
export interface CitationView {
  /** The source id; for a stored label, the label itself. */
  id: string;
  /** Short citation, e.g. "NIH NOT-OD-25-133". */
  label: string;
  /** The document's title. */
  document: string | null;
  /** The body that enacted, promulgated or published it. */
  issuer: string | null;
  /** Date of the document: YYYY-MM-DD, or YYYY-MM / YYYY when only that is known. */
  date: string | null;
  /** Section, paragraph or page cited. */
  pinpoint: string | null;
  status: SourceStatus | null;
  /** YYYY-MM-DD it took effect, or is expected to (announced), when known. */
  effective: string | null;
  /** Public URL of the text, or null when there is none. */
  url: string | null;
  /** For a superseded source: the source in force that replaces it (listed before it). */
  superseded_by: { id: string; label: string } | null;
}

type Style = Omit<DateStyle, 'timeZone'>;

/**
 * Where the source stands, with its effective date: "In force since Oct 1, 2025", "Announced,
 * effective Oct 1, 2026", "Proposed", "Superseded by DoW Decision Matrix (9 March 2026)". A
 * superseded source never reads as current. '' for a stored label (nothing is known).
 */
export function citationStatusText(c: Pick<CitationView, 'status' | 'effective' | 'superseded_by'>, style: Style = {}): string {
  switch (c.status) {
    case 'in_force':
      return c.effective ? `In force since ${formatDay(c.effective, style)}` : 'In force';
    case 'announced':
      return c.effective ? `Announced, effective ${formatDay(c.effective, style)}` : 'Announced, not yet in force';
    case 'proposed':
      return 'Proposed, not in force';
    case 'superseded':
      return c.superseded_by ? `Superseded by ${c.superseded_by.label}` : 'Superseded';
    case 'rescinded':
      return 'Rescinded';
    default:
      return '';
  }
}

/** The document's date for people ("Jul 17, 2025", "Nov 2023", "2021"); '' when unknown. */
export const citationDateText = (c: Pick<CitationView, 'date'>, style: Style = {}): string => (c.date ? formatPartialDay(c.date, style) : '');

/**
 * The whole citation on one line, as the report files print it: "NIH NOT-OD-25-133: <title>.
 * National Institutes of Health, Jul 17, 2025, <pinpoint>. In force since Oct 1, 2025.
 * https://...". A stored label is printed as it is.
 */
export function citationLine(c: CitationView, style: Style = {}): string {
  if (c.document === null) return c.label;
  const issued = [c.issuer, citationDateText(c, style), c.pinpoint].filter(Boolean).join(', ');
  const end = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
  return [`${c.label}: ${end(c.document)}`, end(issued), end(citationStatusText(c, style)), c.url ?? 'No public URL.'].join(' ');
}
