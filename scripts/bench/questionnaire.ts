// `npm run bench [-- --saves 200 --offline 140]`: the questionnaire in headless Chromium against the
// REAL server (tests/e2e/harness.ts): local answer-save latency (Yes/No click → answer in IndexedDB)
// and the time to drain answers queued offline (back online → sync outbox empty).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { HAS_CHROMIUM, startHarness } from '#tests/e2e/harness.ts';
import { openBenchQuestionnaire } from './bench-setup.ts';
import { outboxCountInPage, timeBareIdbPutsInPage, timeDrainInPage, timeSavesInPage } from './questionnaire-page.ts';

const { values: args } = parseArgs({
  options: {
    saves: { type: 'string', default: '200' },
    offline: { type: 'string', default: '140' },
    /** Writes a Chromium CPU profile of the offline saves (open in DevTools) and prints the top self times. */
    'cpu-prof': { type: 'string' },
  },
});
const SAVES = Number(args.saves);
const OFFLINE_SAVES = Number(args.offline);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  if (!HAS_CHROMIUM) throw new Error('Chromium is required (/usr/bin/chromium or CHROMIUM_PATH)');
  const h = await startHarness();
  try {
    const { server, admin, assessmentId, idByCode, ctx, page } = await openBenchQuestionnaire(h);

    // 0. Calibration: what one bare IndexedDB write costs in this browser on this machine.
    const bare = (await page.evaluate(timeBareIdbPutsInPage, 100)).sort((a, b) => a - b);

    // 1. Local saves, online (the sync engine pushes in the background, as in real use).
    await page.evaluate(timeSavesInPage, { assessmentId, idByCode, saves: 5 }); // warm-up
    const times = (await page.evaluate(timeSavesInPage, { assessmentId, idByCode, saves: SAVES })).sort((a, b) => a - b);
    await waitForEmptyOutbox(page); // let the online pushes settle

    // 2. Offline queue, then drain.
    await ctx.setOffline(true);
    const profiler = args['cpu-prof'] ? await startProfile(page) : null;
    const offlineTimes = (await page.evaluate(timeSavesInPage, { assessmentId, idByCode, saves: OFFLINE_SAVES })).sort((a, b) => a - b);
    if (profiler) await profiler.stop(args['cpu-prof']!);
    const queued = await page.evaluate(outboxCountInPage);
    const t0 = await page.evaluate(() => performance.now());
    await ctx.setOffline(false);
    const drainMs = await page.evaluate(timeDrainInPage, t0);
    const res = await server.json('GET', `/api/assessments/${assessmentId}/responses`, undefined, admin.accessToken);
    const serverCount = (res.body as unknown[]).length;

    const p50 = pct(times, 50);
    const p95 = pct(times, 95);
    console.log(`Load average while measuring: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} CPUs)\n`);
    console.log(
      [
        `| Measure | Result | Target |`,
        `|---|---|---|`,
        `| Local answer save p50 online (click → IndexedDB), ${times.length} saves | ${p50.toFixed(2)} ms | — |`,
        `| Local answer save p95 online | ${p95.toFixed(2)} ms | ≤ 5 ms ${p95 <= 5 ? '✅' : '❌'} |`,
        `| Local answer save max | ${times.at(-1)!.toFixed(2)} ms | — |`,
        `| Local answer save offline p50 / p95 (no sync traffic), ${offlineTimes.length} saves | ${pct(offlineTimes, 50).toFixed(2)} / ${pct(offlineTimes, 95).toFixed(2)} ms | p95 ≤ 5 ms ${pct(offlineTimes, 95) <= 5 ? '✅' : '❌'} |`,
        `| Calibration: bare IndexedDB read-write transaction p50 / p95 (100 puts) | ${pct(bare, 50).toFixed(2)} / ${pct(bare, 95).toFixed(2)} ms | — |`,
        `| Drain after ${OFFLINE_SAVES} offline saves (${queued} outbox rows) | ${(drainMs / 1000).toFixed(3)} s | ≤ 0.5 s ${drainMs <= 500 ? '✅' : '❌'} |`,
        `| Answers on the server afterwards | ${serverCount} of ${Object.keys(idByCode).length} questions | all |`,
      ].join('\n'),
    );
    await ctx.close();
  } finally {
    await h.close();
  }
}

async function startProfile(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      const dt = new Map<number, number>();
      profile.timeDeltas?.forEach((d, i) => {
        const id = profile.samples?.[i];
        if (id !== undefined) dt.set(id, (dt.get(id) ?? 0) + d);
      });
      const self = new Map<string, number>();
      for (const n of profile.nodes) {
        const f = n.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0));
      }
      const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
      console.log(`CPU profile written to ${file}; top self times (ms):`);
      for (const [k, us] of top) console.log(`  ${(us / 1000).toFixed(1).padStart(8)}  ${k}`);
    },
  };
}

async function waitForEmptyOutbox(page: Page) {
  const t0 = await page.evaluate(() => performance.now());
  await page.evaluate(timeDrainInPage, t0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
