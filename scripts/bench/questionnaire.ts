// `npm run bench [-- --saves 200 --offline 140]`: the questionnaire in headless Chromium against the
// REAL server (tests/e2e/harness.ts): the local answer save (Yes/No click → the answer and its
// outbox row committed in IndexedDB) against the IndexedDB floor timed in the same page and run
// (questionnaire-page.ts, SaveRunTimes), and the time to drain answers queued offline (back
// online → sync outbox empty).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { HAS_CHROMIUM, startHarness } from '#tests/e2e/harness.ts';
import { openBenchQuestionnaire } from './bench-setup.ts';
import { outboxCountInPage, timeDrainInPage, timeSavesInPage, type SaveRunTimes } from './questionnaire-page.ts';

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

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (v: number) => v.toFixed(2);
const SAVE_TARGET = 1.5;

/** The rows of one run (online or offline): the save against the floors timed between its clicks. */
function saveRows(label: string, t: SaveRunTimes): string[] {
  const p95 = pct(t.save, 95);
  const ratio = (floor: number[]) => (p95 / pct(floor, 95)).toFixed(2);
  const ok = p95 <= SAVE_TARGET * pct(t.put, 95);
  return [
    `| ${label}: save (click → answer + outbox committed), ${t.save.length} saves, p50 / p95 / max | ${ms(pct(t.save, 50))} / ${ms(p95)} / ${ms(pct(t.save, 100))} ms | — |`,
    `| ${label}: floor, one put + commit, p50 / p95 | ${ms(pct(t.put, 50))} / ${ms(pct(t.put, 95))} ms | — |`,
    `| ${label}: save p95 / floor p95 (p50 / p50) | ${ratio(t.put)} (${(pct(t.save, 50) / pct(t.put, 50)).toFixed(2)}) | p95 ≤ ${SAVE_TARGET} ${ok ? '✅' : '❌'} |`,
    `| ${label}: floor, answer put + outbox add + commit, p50 / p95 (save p95 / this) | ${ms(pct(t.twoPuts, 50))} / ${ms(pct(t.twoPuts, 95))} ms (${ratio(t.twoPuts)}) | — |`,
    `| ${label}: floor, the save's 3 reads, then the 2 writes + commit, p50 / p95 (save p95 / this) | ${ms(pct(t.checked, 50))} / ${ms(pct(t.checked, 95))} ms (${ratio(t.checked)}) | — |`,
    `| ${label}: click → the bench's own read sees the answer, p50 / p95 | ${ms(pct(t.readable, 50))} / ${ms(pct(t.readable, 95))} ms | — |`,
  ];
}

async function main() {
  if (!HAS_CHROMIUM) throw new Error('Chromium is required (/usr/bin/chromium or CHROMIUM_PATH)');
  const h = await startHarness();
  try {
    const { server, admin, assessmentId, idByCode, ctx, page } = await openBenchQuestionnaire(h);

    // 1. Local saves, online (the sync engine pushes in the background, as in real use), each
    //    preceded by the IndexedDB floors in the same page (SaveRunTimes).
    await page.evaluate(timeSavesInPage, { assessmentId, idByCode, saves: 5, floors: true }); // warm-up
    const online = await page.evaluate(timeSavesInPage, { assessmentId, idByCode, saves: SAVES, floors: true });
    await waitForEmptyOutbox(page); // let the online pushes settle

    // 2. Offline queue, then drain.
    await ctx.setOffline(true);
    const profiler = args['cpu-prof'] ? await startProfile(page) : null;
    const offline = await page.evaluate(timeSavesInPage, { assessmentId, idByCode, saves: OFFLINE_SAVES, floors: true });
    if (profiler) await profiler.stop(args['cpu-prof']!);
    const queued = await page.evaluate(outboxCountInPage);
    const t0 = await page.evaluate(() => performance.now());
    await ctx.setOffline(false);
    const drainMs = await page.evaluate(timeDrainInPage, t0);
    const res = await server.json('GET', `/api/assessments/${assessmentId}/responses`, undefined, admin.accessToken);
    const serverCount = (res.body as unknown[]).length;

    console.log(`Load average while measuring: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${cpus().length} CPUs)\n`);
    console.log(
      [
        `| Measure | Result | Target |`,
        `|---|---|---|`,
        ...saveRows('Online', online),
        ...saveRows('Offline', offline),
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
