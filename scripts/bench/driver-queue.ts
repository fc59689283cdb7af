// `npm run bench:driver [-- --seconds 150 --concurrency 50 --pause 10]`
// postgres.js alone under sustained saturation, with the package's own queue and with the repaired
// one the server uses (server/db/postgres-driver.ts, docs/decisions/028-postgres-driver-queue.md):
// `concurrency` workers send `select $1::int` back to back through a pool of POOL_MAX connections
// for `seconds`, then nothing for `pause` seconds, then 10 s more. Prints queries/s per 10 s window.
// The package's queue keeps a hole per connection move once a pool is saturated, so its rate falls
// and stays low after the pause; the repaired queue holds its rate. Loopback PostgreSQL only
// (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test).
import { parseArgs } from 'node:util';
import packagePostgres from 'postgres';
import { POOL_MAX } from '#server/db/client.ts';
import { postgres as repairedPostgres } from '#server/db/postgres-driver.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '150' },
    concurrency: { type: 'string', default: '50' },
    pause: { type: 'string', default: '10' },
    only: { type: 'string', default: 'package,repaired' },
  },
});
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const PAUSE = Number(args.pause);
const WINDOW = 10;
const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error('bench:driver runs against a loopback PostgreSQL only');

export interface DriverRun {
  driver: string;
  /** Queries per second in each window of the saturated phase. */
  windows: number[];
  afterPause: number;
}

/** Runs the closed loop with one driver (see the header); returns the rate per window. */
export async function runDriver(name: string, factory: typeof packagePostgres, opts = { seconds: SECONDS, concurrency: CONCURRENCY, pause: PAUSE }): Promise<DriverRun> {
  const sql = factory(url, { max: POOL_MAX, onnotice: () => {} });
  let n = 0;
  const phase = async (seconds: number, onWindow?: (rate: number) => void) => {
    const until = performance.now() + seconds * 1000;
    let last = 0;
    let windowStart = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      onWindow?.((n - last) / ((now - windowStart) / 1000));
      last = n;
      windowStart = now;
    }, WINDOW * 1000);
    const start = n;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (performance.now() < until) {
          await sql`select ${n}::int as n`;
          n++;
        }
      }),
    );
    clearInterval(timer);
    return (n - start) / ((performance.now() - t0) / 1000);
  };
  const windows: number[] = [];
  await phase(opts.seconds, (rate) => {
    windows.push(rate);
    console.log(`  ${name}: ${String(windows.length * WINDOW).padStart(4)} s  ${Math.round(rate)} queries/s`);
  });
  await new Promise((resolve) => setTimeout(resolve, opts.pause * 1000));
  const afterPause = await phase(10);
  console.log(`  ${name}: after a ${opts.pause} s pause  ${Math.round(afterPause)} queries/s`);
  await sql.end({ timeout: 5 });
  return { driver: name, windows, afterPause };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const only = new Set(args.only.split(','));
  const runs: DriverRun[] = [];
  console.log(`postgres.js, ${CONCURRENCY} workers, pool ${POOL_MAX}, ${SECONDS} s saturated, ${PAUSE} s pause, 10 s more`);
  if (only.has('package')) runs.push(await runDriver('package queue', packagePostgres));
  if (only.has('repaired')) runs.push(await runDriver('repaired queue', repairedPostgres));
  console.log('\ndriver          first 10 s   last 10 s   after pause');
  for (const r of runs) console.log(`${r.driver.padEnd(15)} ${String(Math.round(r.windows[0] ?? 0)).padStart(10)}   ${String(Math.round(r.windows.at(-1) ?? 0)).padStart(9)}   ${String(Math.round(r.afterPause)).padStart(11)}`);
}
