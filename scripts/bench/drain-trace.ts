// `node --import tsx scripts/bench/drain-trace.ts` (ROUNDS=3): where the drain of `npm run bench`
// spends its time. Same page and offline saves, plus an init script in the bench page (not in the
// product) that timestamps the `online` event, Web Lock grants, fetches and every read-write
// IndexedDB transaction. Prints each round's timeline, in ms after going back online.
import { startHarness } from '#tests/e2e/harness.ts';
import { openBenchQuestionnaire } from './bench-setup.ts';
import { timeDrainInPage, timeSavesInPage } from './questionnaire-page.ts';

const INIT = `
window.__ev = [];
const log = (s) => window.__ev.push([performance.now(), s]);
addEventListener('online', () => log('online event'));
const origFetch = window.fetch;
window.fetch = function (input, init) {
  const url = String((input && input.url) || input).replace(location.origin, '').split('?')[0];
  log('fetch ' + url);
  return origFetch.apply(this, arguments).then((r) => (log('fetch done ' + url + ' ' + r.status), r));
};
const origTx = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (stores, mode, opts) {
  const tx = origTx.call(this, stores, mode, opts);
  if (mode === 'readwrite') {
    const name = (Array.isArray(stores) ? stores.join('+') : String(stores)) + ' rw';
    const t0 = performance.now();
    tx.addEventListener('complete', () => log('tx ' + name + ' ' + (performance.now() - t0).toFixed(1) + ' ms'));
  }
  return tx;
};
if (navigator.locks) {
  const request = navigator.locks.request.bind(navigator.locks);
  navigator.locks.request = (name, ...rest) => {
    const cb = rest[rest.length - 1];
    rest[rest.length - 1] = (l) => (log('lock ' + name), cb(l));
    return request(name, ...rest);
  };
}
`;

const h = await startHarness();
try {
  const { assessmentId, idByCode, ctx, page } = await openBenchQuestionnaire(h, INIT);
  for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
    await ctx.setOffline(true);
    await page.evaluate(timeSavesInPage, { assessmentId, idByCode, saves: 140 });
    const t0 = await page.evaluate(() => {
      (window as unknown as { __ev: unknown[] }).__ev = [];
      return performance.now();
    });
    await ctx.setOffline(false);
    const ms = await page.evaluate(timeDrainInPage, t0);
    const events = await page.evaluate(() => (window as unknown as { __ev: [number, string][] }).__ev);
    console.log(`round ${round + 1}: outbox empty after ${ms.toFixed(0)} ms`);
    for (const [t, e] of events) if (t - t0 <= ms) console.log(`  +${(t - t0).toFixed(1).padStart(6)}  ${e}`);
    await new Promise((r) => setTimeout(r, 1500)); // let the pull after the push finish
  }
  await ctx.close();
} finally {
  await h.close();
}
