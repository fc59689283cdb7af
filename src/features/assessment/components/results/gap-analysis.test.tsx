// Component test in real Chromium: the gap analysis of the detailed report lists each gap's sources
// with title (linked when public), issuer, date and status; a superseded source never reads as
// current, and the source that replaces it comes first.
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { GapView } from '#domain/contracts/assessments.ts';
import { citationsOf, citationOf } from '#domain/questions/sources.ts';
import { renderComponent } from '../../../../../tests/component/render.tsx';
import { GapAnalysis } from './gap-analysis.tsx';

const gap = (sources: string[]): GapView => ({
  question_id: '0195f3a0-0000-7000-8000-000000000001',
  code: 'PP-13',
  subdomain: 'Foreign engagement',
  question_text: 'Does the organization screen DoD fundamental research proposals against the decision matrix?',
  points: 3,
  critical: false,
  guidance: 'Yes when each proposal is screened.',
  sources: sources.map(citationOf),
  citations: citationsOf(sources),
  corrective_action: { action: 'Screen them.', priority: 'high', target_days: 60 },
});

describe('GapAnalysis', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    unmount();
    unmount = () => {};
  });

  it('shows each source with its title, issuer, date and status, the successor of a superseded one first', async () => {
    unmount = renderComponent(<GapAnalysis groups={[{ domain_id: 'policies', domain_name: 'Policies + Procedures', points_lost: 3, gaps: [gap(['dodMatrix', 'nihOd25133'])] }]} />);
    const items = page.getByTestId('gap-citation');
    await expect.element(items.first()).toBeVisible();
    const texts = items.elements().map((e) => e.textContent ?? '');
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('DoW Decision Matrix (9 March 2026)');
    expect(texts[0]).toMatch(/In force since/);
    expect(texts[1]).toContain('DoD Decision Matrix (2023, updated 9 May 2025)');
    expect(texts[1]).toContain('Superseded by DoW Decision Matrix (9 March 2026)');
    expect(texts[1]).not.toMatch(/In force/);
    expect(texts[2]).toContain('National Institutes of Health');
    expect(texts[2]).toMatch(/In force since/);
    const link = page.getByRole('link', { name: /^NIH Announces a New Policy Requirement .* \(opens in a new tab\)$/ });
    await expect.element(link).toHaveAttribute('href', 'https://grants.nih.gov/grants/guide/notice-files/NOT-OD-25-133.html');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
    // No public text: the title is not a link.
    expect(page.getByRole('link', { name: /Decision Matrix/ }).elements()).toHaveLength(0);
  });
});
