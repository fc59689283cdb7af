// The documents stay short and findable: BENCHMARKS.md and SECURITY.md under 16,000 characters
// each (current figures and controls only; history is in git), and every ADR listed in
// docs/decisions/README.md, one line each, with no entry pointing at a missing file.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const MAX_CHARS = 16_000;

describe('documents', () => {
  it.each(['BENCHMARKS.md', 'SECURITY.md'])('%s stays under 16,000 characters', (file) => {
    expect([...read(file)].length).toBeLessThan(MAX_CHARS);
  });

  it('lists every ADR in docs/decisions/README.md, and only ADRs that exist', () => {
    const adrs = readdirSync(new URL('docs/decisions/', root)).filter((f) => /^\d{3}-.+\.md$/.test(f) && !f.startsWith('000-'));
    const index = read('docs/decisions/README.md');
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]!).filter((f) => !f.startsWith('000-'));
    expect(adrs.length).toBeGreaterThan(0);
    expect(adrs.filter((f) => !linked.includes(f))).toEqual([]);
    expect(linked.filter((f) => !adrs.includes(f))).toEqual([]);
    // One line per ADR: its number links its file.
    for (const f of adrs) expect(index).toContain(`[${f.slice(0, 3)}](${f})`);
  });
});
