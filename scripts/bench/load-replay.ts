// The database side of a save, without HTTP: the statements the server sent to PostgreSQL for a
// few real saves (captured with postgres.js `debug` in load-server.ts) replayed with postgres.js
// at the same concurrency as the closed-loop HTTP load. Each replayed save alternates its answer
// ('yes' / 'no') so every save statement really writes (a new version and a history row), like
// the HTTP load does. The driver is the server's (server/db/postgres-driver.ts: postgres.js with its
// queue repaired).
import type postgresTypes from 'postgres';
import { postgres } from '#server/db/postgres-driver.ts';
import { latencyStats, type LatencyStats } from './load-open.ts';
import type { Captured } from './load-server.ts';

export interface ReplayResult extends LatencyStats {
  rate: number;
  statementsPerSave: number;
  errors: number;
}

const flip = (v: unknown) => (v === 'yes' ? 'no' : v === 'no' ? 'yes' : v);

/** Replays `saves` (each a list of statements) round-robin from `concurrency` workers for `seconds`. */
export async function replaySaves(url: string, saves: Captured[][], opts: { concurrency: number; poolMax: number; seconds: number }): Promise<ReplayResult> {
  const sql = postgres(url, { max: opts.poolMax, onnotice: () => {}, prepare: true });
  const params = saves.map((s) => s.map((q) => [...q.params]));
  let n = 0;
  let errors = 0;
  const latencies: number[] = [];
  const run = async (k: number) => {
    const t = performance.now();
    for (let j = 0; j < saves[k]!.length; j++) {
      const p = params[k]![j]!;
      for (let x = 0; x < p.length; x++) p[x] = flip(p[x]); // only the save statement takes the answer
      await sql.unsafe(saves[k]![j]!.query, p as postgresTypes.ParameterOrJSON<never>[], { prepare: true });
    }
    latencies.push(performance.now() - t);
  };
  for (let k = 0; k < saves.length; k++) await run(k); // warm-up: prepared statements on each connection
  latencies.length = 0;
  const until = performance.now() + opts.seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < until) {
        try {
          await run(n++ % saves.length);
        } catch (err) {
          if (errors++ < 3) console.error(`replay: ${String(err)}`);
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await sql.end({ timeout: 5 });
  return { ...latencyStats(latencies), rate: latencies.length / seconds, statementsPerSave: saves[0]?.length ?? 0, errors };
}
