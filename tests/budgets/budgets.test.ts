// Size budgets of the built SPA (not a timing assertion). Builds dist/ first when it is missing or stale.
// CI fails when first-route JavaScript is over 100 KB gzip or the service-worker precache over 2 MB.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM script without type declarations
import { measure, printReport } from '../../scripts/check-budgets.mjs';
// @ts-expect-error: plain ESM script without type declarations
import { buildIsStale, buildSpa } from '../../scripts/start.mjs';

interface Row { budget: string; actual: number; limit: number }

describe('bundle budgets', () => {
  it('keeps first-route JavaScript and the service-worker precache within budget', { timeout: 180_000 }, () => {
    const stale = buildIsStale() || (measure() as { developmentBuild: boolean }).developmentBuild;
    if (stale) buildSpa();
    const result = measure() as { rows: Row[]; scripts: unknown[]; precache: unknown[]; developmentBuild: boolean };
    expect(result.developmentBuild, 'dist/ must be a production build').toBe(false);
    printReport(result);
    expect(result.scripts.length).toBeGreaterThan(0);
    expect(result.precache.length).toBeGreaterThan(0);
    const [firstRoute, precache] = result.rows;
    expect(firstRoute!.actual).toBeGreaterThan(0);
    expect(firstRoute!.actual, `${firstRoute!.budget} over budget`).toBeLessThanOrEqual(firstRoute!.limit);
    expect(precache!.actual, `${precache!.budget} over budget`).toBeLessThanOrEqual(precache!.limit);
  });

  // The budgets themselves: the checker passes a build just under 100 KB gzip / 2 MB and fails one
  // just over. Random bytes do not compress, so their gzip size is their size plus a few bytes.
  const KB = 1024;
  const checker = fileURLToPath(new URL('../../scripts/check-budgets.mjs', import.meta.url));
  const fakeDist = (entryBytes: number, precacheBytes: number) => {
    const dist = mkdtempSync(path.join(tmpdir(), 'budget-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<script type="module" crossorigin src="/assets/entry.js"></script>');
    writeFileSync(path.join(dist, 'assets/entry.js'), randomBytes(entryBytes));
    writeFileSync(path.join(dist, 'assets/big.bin'), randomBytes(precacheBytes - entryBytes));
    const manifest = ['assets/entry.js', 'assets/big.bin'].map((url) => `{"revision":null,"url":"${url}"}`).join(',');
    writeFileSync(path.join(dist, 'sw.js'), `precacheAndRoute([${manifest}]);`);
    return dist;
  };
  const check = (entryBytes: number, precacheBytes: number) => {
    const dist = fakeDist(entryBytes, precacheBytes);
    try {
      const run = spawnSync(process.execPath, [checker, dist], { encoding: 'utf8' });
      return { status: run.status, stderr: run.stderr };
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  };

  it('passes a build within 100 KB gzip of first-route JS and 2 MB of precache, and fails one over either', () => {
    expect(check(99 * KB, 2000 * KB)).toEqual({ status: 0, stderr: '' });
    const jsOver = check(101 * KB, 2000 * KB);
    expect(jsOver.status).toBe(1);
    expect(jsOver.stderr).toContain('Over budget: First-route JS (gzip)');
    const precacheOver = check(99 * KB, 2049 * KB);
    expect(precacheOver.status).toBe(1);
    expect(precacheOver.stderr).toContain('Over budget: Precache (raw bytes)');
  });
});
