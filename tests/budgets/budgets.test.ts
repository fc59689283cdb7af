// Size budgets of the built SPA (not a timing assertion). Builds dist/ first when it is missing or stale.
// CI fails when first-route JavaScript is over 100 KB gzip or the service-worker precache over 2 MB.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM script without type declarations
import { BUDGETS, measure, printReport } from '../../scripts/check-budgets.mjs';
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
    expect(firstRoute!.limit).toBe(BUDGETS.firstRouteJsGzip);
    expect(precache!.limit).toBe(BUDGETS.precache);
    expect(firstRoute!.actual).toBeGreaterThan(0);
    expect(firstRoute!.actual, `${firstRoute!.budget} over budget`).toBeLessThanOrEqual(firstRoute!.limit);
    expect(precache!.actual, `${precache!.budget} over budget`).toBeLessThanOrEqual(precache!.limit);
  });
});
