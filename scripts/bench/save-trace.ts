// `node --import tsx scripts/bench/save-trace.ts [--offline]` (SAVES=60): where a local answer save
// spends its time. Same page and clicks as `npm run bench`, plus an init script in the bench page
// (not in the product) that timestamps every IndexedDB transaction. Prints, p50 / p95 in ms: the
// save as `npm run bench` times it (click -> committed); click -> the save's read-write transaction
// is created; created -> committed; committed -> the bench's own IndexedDB read sees the value
// (main-thread work after the commit: live queries, React); the one-put floor of the same run.
import { startHarness } from '#tests/e2e/harness.ts';
import { openBenchQuestionnaire } from './bench-setup.ts';
import { timeSavesInPage } from './questionnaire-page.ts';

const INIT = `
window.__txlog = []; window.__clicks = [];
const orig = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function(stores, mode, opts) {
  const tx = orig.call(this, stores, mode, opts);
  const names = Array.isArray(stores) ? stores : [...(typeof stores === 'string' ? [stores] : stores)];
  const rec = { created: performance.now(), names: names.join(','), mode: mode || 'readonly' };
  tx.addEventListener('complete', () => { rec.complete = performance.now(); });
  window.__txlog.push(rec);
  return tx;
};
const oc = HTMLElement.prototype.click;
HTMLElement.prototype.click = function() { if ((this.dataset.testid||'').startsWith('answer-')) window.__clicks.push(performance.now()); return oc.call(this); };
`;
const h = await startHarness();
const { assessmentId, idByCode, ctx, page } = await openBenchQuestionnaire(h, INIT);
await page.evaluate(timeSavesInPage, { assessmentId, idByCode, saves: 5 });
if (process.argv.includes('--offline')) await ctx.setOffline(true);
await page.evaluate(() => { (window as any).__txlog = []; (window as any).__clicks = []; });
const times = await page.evaluate(timeSavesInPage, { assessmentId, idByCode, saves: Number(process.env.SAVES ?? 60), floors: true });
const { log, clicks } = await page.evaluate(() => ({ log: (window as any).__txlog, clicks: (window as any).__clicks }));
const rows: number[][] = [];
clicks.forEach((c: number, i: number) => {
  const tx = log.find((t: any) => t.created >= c && t.mode === 'readwrite' && t.names.includes('answers') && t.names.includes('outbox'));
  if (!tx) return;
  rows.push([times.save[i]!, tx.created - c, tx.complete - tx.created, times.readable[i]! - (tx.complete - c), times.put[i]!]);
});
const med = (k: number) => { const v = rows.map((r) => r[k]!).sort((a, b) => a - b); return `${v[Math.floor(v.length / 2)]!.toFixed(2)} / p95 ${v[Math.ceil(v.length * 0.95) - 1]!.toFixed(2)}`; };
console.log(`save (as npm run bench) ${med(0)}\nclick->tx created ${med(1)}\ntx created->complete ${med(2)}\ncomplete->bench sees ${med(3)}\nfloor: one put + commit ${med(4)}`);
const other = log.filter((t: any) => t.mode === 'readwrite').reduce((m: Record<string, number>, t: any) => ((m[t.names] = (m[t.names] ?? 0) + 1), m), {});
console.log('rw transactions by stores:', other, 'all tx:', log.length, 'clicks', clicks.length);
await ctx.close();
await h.close();
