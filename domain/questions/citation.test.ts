// A cited source reaches people as a structured citation: title, issuing body, date, pinpoint,
// status with its effective date, and a link when public; a superseded source never reads as current.
import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from './bank.ts';
import { citationDateText, citationLine, citationStatusText, type CitationView } from './citation.ts';
import { citationsOf, citationViewOf, SOURCES } from './sources.ts';

const US = { locale: 'en-US' } as const;
const GB = { locale: 'en-GB' } as const;

describe('citationViewOf', () => {
  it('turns a source id into its title, issuer, date, pinpoint, status, effective date and link', () => {
    expect(citationViewOf('nihOd25133')).toEqual({
      id: 'nihOd25133',
      label: 'NIH NOT-OD-25-133',
      document: SOURCES.nihOd25133.document,
      issuer: 'National Institutes of Health',
      date: '2025-07-17',
      pinpoint: SOURCES.nihOd25133.section,
      status: 'in_force',
      effective: '2025-10-01',
      url: 'https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-133.html',
      superseded_by: null,
    });
    expect(citationViewOf('chips10634')).toMatchObject({ issuer: 'U.S. Congress', pinpoint: SOURCES.chips10634.section });
    expect(citationViewOf('ostp2024')).toMatchObject({ issuer: 'Office of Science and Technology Policy', status: 'announced', effective: null });
    expect(citationViewOf('usdaSm1078014')).toMatchObject({ issuer: 'Department of Agriculture', url: null });
  });

  it('names an issuer for every source the bank cites', () => {
    for (const q of QUESTION_BANK) for (const id of q.sources) expect(citationViewOf(id).issuer?.length ?? 0, `${q.code} cites ${id}`).toBeGreaterThan(2);
  });

  it('keeps a label stored before the register as the label alone', () => {
    expect(citationViewOf('NSPM-33 (2021)')).toEqual({
      id: 'NSPM-33 (2021)',
      label: 'NSPM-33 (2021)',
      document: null,
      issuer: null,
      date: null,
      pinpoint: null,
      status: null,
      effective: null,
      url: null,
      superseded_by: null,
    });
    expect(citationLine(citationViewOf('NSPM-33 (2021)'))).toBe('NSPM-33 (2021)');
    expect(citationStatusText(citationViewOf('toString'))).toBe('');
  });
});

describe('citationsOf', () => {
  it('never cites a superseded source as current: its successor comes first, and it reads "Superseded by"', () => {
    const [first, second, ...rest] = citationsOf(['dodMatrix']);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ id: 'dodMatrix2026', status: 'in_force', superseded_by: null });
    expect(second).toMatchObject({ id: 'dodMatrix', status: 'superseded', superseded_by: { id: 'dodMatrix2026', label: 'DoW Decision Matrix (9 March 2026)' } });
    expect(citationStatusText(second!, US)).toBe('Superseded by DoW Decision Matrix (9 March 2026)');
    expect(citationStatusText(second!, US)).not.toMatch(/in force/i);
    expect(citationLine(second!, US)).toContain('Superseded by DoW Decision Matrix (9 March 2026).');
  });

  it('lists each source once, in order, the successor not repeated when the question also cites it', () => {
    expect(citationsOf(['dodMatrix2026', 'dodMatrix', 'nspm33']).map((c) => c.id)).toEqual(['dodMatrix2026', 'dodMatrix', 'nspm33']);
    expect(citationsOf(['nspm33', 'dodMatrix', 'dodMatrix2026', 'nspm33']).map((c) => c.id)).toEqual(['nspm33', 'dodMatrix2026', 'dodMatrix']);
    expect(citationsOf([])).toEqual([]);
  });
});

describe('citation text', () => {
  const view = (patch: Partial<CitationView>): CitationView => ({ ...citationViewOf('nihOd25133'), ...patch });

  it('says where the source stands with its effective date', () => {
    expect(citationStatusText(view({}), GB)).toBe('In force since 1 Oct 2025');
    expect(citationStatusText(view({}), US)).toBe('In force since Oct 1, 2025');
    expect(citationStatusText(view({ effective: null }), US)).toBe('In force');
    expect(citationStatusText(view({ status: 'announced', effective: '2026-10-01' }), GB)).toBe('Announced, effective 1 Oct 2026');
    expect(citationStatusText(citationViewOf('ostp2024'), US)).toBe('Announced, not yet in force');
    expect(citationStatusText(citationViewOf('nistIr8481'), US)).toBe('Proposed, not in force');
    expect(citationStatusText(citationViewOf('nihOd25154'), US)).toBe('Rescinded');
  });

  it('dates a document by day, month or year, as the register knows it', () => {
    expect(citationDateText(view({}), US)).toBe('Jul 17, 2025');
    expect(citationDateText(citationViewOf('dfars7019'), US)).toBe('Nov 2023');
    expect(citationDateText(citationViewOf('nasem2025'), US)).toBe('2025');
    expect(citationDateText(citationViewOf('plain label'), US)).toBe('');
  });

  it('prints the whole citation on one line with its URL, or says there is none', () => {
    expect(citationLine(citationViewOf('nihOd25133'), { ...US, month: 'long' })).toBe(
      `NIH NOT-OD-25-133: ${SOURCES.nihOd25133.document}. National Institutes of Health, July 17, 2025, ${SOURCES.nihOd25133.section}. In force since October 1, 2025. https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-133.html`,
    );
    expect(citationLine(citationViewOf('usdaSm1078014'), US)).toMatch(/^USDA SM 1078-014: .*Department of Agriculture, Jul 8, 2025, .*No public URL\.$/);
  });
});
