// `node --import tsx scripts/bench/answer-sql.ts [--rounds 5 --saves 200 --db pglite|postgres]`: the
// answer save statement (applyAnswer, server/features/assessments/answers.statement.ts) on one
// database, with no HTTP in between: per-save latency as the REST route runs it (own statement) and
// per push as the sync route runs it (50 saves in one transaction), next to a floor measured in the
// same run (one bound `select $1::uuid` round trip). Rounds alternate the three, so load from other
// processes on the machine falls on all of them alike.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { applyAnswer } from '#server/features/assessments/answers.service.ts';
import { seedCatalog, seedOrg } from '#server/features/sync/sync.test-fixtures.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    saves: { type: 'string', default: '200' },
    db: { type: 'string', default: 'pglite' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const ROUNDS = Number(args.rounds);
const SAVES = Number(args.saves);
const PUSH = 50;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

async function main() {
  const database = await openDatabase(args.db === 'postgres' ? { databaseUrl: args['pg-url'] } : {});
  await migrateDatabase(database);
  const { db } = database;
  await seedCatalog(db);
  const org = await seedOrg(db, `Bench${randomUUID().slice(0, 6)}`);
  const qs = org.questionIds;
  let n = 0;
  const input = () => {
    const i = n++;
    return { assessmentId: org.assessmentId, organizationId: org.orgId, questionId: qs[i % qs.length]!, answer: (Math.floor(i / qs.length) % 2 ? 'no' : 'yes') as 'yes' | 'no', baseVersion: null, userId: org.userId, mutationId: randomUUID() };
  };
  const floor: number[] = [];
  const single: number[] = [];
  const push: number[] = [];
  // Warm-up: plans, caches, the prepared statement.
  for (let i = 0; i < 20; i++) await applyAnswer({ db }, input());
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < SAVES; i++) {
      const t = performance.now();
      await db.execute(sql`select ${org.userId}::uuid as id`);
      floor.push(performance.now() - t);
    }
    for (let i = 0; i < SAVES; i++) {
      const t = performance.now();
      await applyAnswer({ db }, input());
      single.push(performance.now() - t);
    }
    for (let i = 0; i < SAVES / PUSH; i++) {
      const t = performance.now();
      await db.transaction(async (tx) => {
        for (let j = 0; j < PUSH; j++) await applyAnswer({ db: tx }, input());
      });
      push.push(performance.now() - t);
    }
  }
  const row = (name: string, xs: number[]) => `| ${name} | ${xs.length} | ${pct(xs, 50).toFixed(3)} ms | ${pct(xs, 95).toFixed(3)} ms |`;
  console.log(`${args.db}, ${ROUNDS} rounds\n\n| Measure | n | p50 | p95 |\n|---|---|---|---|`);
  console.log([row('floor: bound select round trip', floor), row('answer save, own statement', single), row(`push: ${PUSH} saves in one transaction`, push)].join('\n'));
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
