// The answer save as one SQL statement (see saveSql). On a postgres-js database it runs with bound
// parameters as a named prepared statement (SAVE_TEXT) on drizzle's public `$client`.
// On PGlite (WASM, one session) planning this statement costs more than running it, so it is
// prepared once per database and then EXECUTEd; EXECUTE takes no bind parameters, so its arguments
// are SQL text, and `literal` is the one place that writes them. A postgres-js transaction takes the
// same PREPARE/EXECUTE path: drizzle exposes no client for it, and its statements must run on the
// transaction's own connection. Measured with
// scripts/bench/answer-sql.ts (ADR 011): bound on PGlite, a save took about 2.8 times as long.
import { is, sql, type SQL } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Sql } from 'postgres';
import type { AnswerOrigin, AnswerValue } from '#domain/contracts/enums.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../lib/db-rows.ts';
import { isUuid } from '../../lib/validator.ts';
import type { ServiceContext } from '../../lib/context.ts';

/**
 * The statement's inputs and their kinds, in parameter order. Every kind is a SQL type except
 * `origin`: text that can only be one of the two origins a re-confirmation writes.
 */
const SLOTS = { aid: 'uuid', org: 'uuid', qid: 'uuid', answer: 'text', baseVersion: 'int', userId: 'uuid', mutationId: 'uuid', confirmAs: 'origin' } as const;
type Slot = keyof typeof SLOTS;
type SqlType = (typeof SLOTS)[Slot];
const SLOT_NAMES = Object.keys(SLOTS) as Slot[];
const SQL_TYPE: Record<SqlType, string> = { uuid: 'uuid', text: 'text', int: 'int', origin: 'text' };

/** One answer save's input (answers.service.ts applyAnswer checks it first). */
export interface ApplyAnswerInput {
  assessmentId: string;
  organizationId: string;
  questionId: string;
  answer: AnswerValue;
  /** The server version the writer saw: null = unconditional write, 0 = "I saw no answer yet". */
  baseVersion: number | null;
  userId: string;
  mutationId?: string;
  /**
   * A domain's "confirm unchanged answers" (sync answer.set with bulk: true): a same-value save over
   * a carried answer records origin bulk_confirmed instead of confirmed (ADR 019).
   */
  bulk?: boolean;
}

/** What the save statement reports: the assessment's state and the row as it is now. */
export interface SaveRow {
  assessment_status: string | null;
  question_ok: boolean;
  written: boolean | null;
  answer: string | null;
  origin: AnswerOrigin | null;
  version: number | null;
  updated_by: string | null;
  updated_at: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The whole save as ONE statement (no round trips in between, atomic without a transaction):
 *   a    - the assessment, locked FOR SHARE so a concurrent submit (FOR UPDATE) waits for this write;
 *   ok   - it is in progress and the question is one it asks (assessment_questions, frozen at start;
 *          otherwise nothing is written);
 *   cur  - the current answer, locked FOR UPDATE (READ COMMITTED returns its newest committed version);
 *   ins  - version 1 when there is no answer yet (origin answered);
 *   upd  - compare-and-set: only a different value, or any value over a carried answer (still to
 *          re-confirm, ADR 019), and only when the base is null or the current version (tested on
 *          cur, the locked newest version: r is this statement's snapshot, which can be older).
 *          The same value over a carried answer confirms it (origin confirmAs: confirmed or
 *          bulk_confirmed); every other write is origin answered;
 *   hist - one history row per write, with its origin; def - an answered question closes its open
 *          deferrals (also for a same-value no-op, never for a conflict or a carried answer left as is).
 * Returns one row: the assessment status, whether the question is ok, and the written or current
 * answer with its author's name. No answer row at all means another writer inserted the first
 * answer concurrently (invisible to this statement's snapshot): the caller runs the statement again.
 */
function saveSql({ aid, org, qid, answer, baseVersion, userId, mutationId, confirmAs }: Record<Slot, SQL>): SQL {
  return sql`
with a as (
  select status from assessments where id = ${aid}::uuid and organization_id = ${org}::uuid for share
),
ok as (
  select 1 from a join assessment_questions aq on aq.assessment_id = ${aid}::uuid and aq.question_id = ${qid}::uuid where a.status = 'in_progress'
),
cur as (
  select id, answer, origin, version, updated_by, updated_at from responses
  where assessment_id = ${aid}::uuid and question_id = ${qid}::uuid and exists (select 1 from ok)
  for update
),
ins as (
  insert into responses (assessment_id, organization_id, question_id, answer, version, updated_by, created_at, updated_at)
  select ${aid}::uuid, ${org}::uuid, ${qid}::uuid, ${answer}::text, 1, ${userId}::uuid, clock_timestamp(), clock_timestamp()
  where exists (select 1 from ok) and not exists (select 1 from cur)
  on conflict (assessment_id, question_id) do nothing
  returning id, answer, origin, version, updated_by, updated_at
),
upd as (
  update responses r set answer = ${answer}::text, version = r.version + 1, updated_by = ${userId}::uuid, updated_at = clock_timestamp(),
    origin = case when cur.origin = 'carried' and cur.answer = ${answer}::text then ${confirmAs}::text else 'answered' end
  from cur
  where r.id = cur.id and (cur.answer <> ${answer}::text or cur.origin = 'carried') and (${baseVersion}::int is null or cur.version = ${baseVersion}::int)
  returning r.id, r.answer, r.origin, r.version, r.updated_by, r.updated_at
),
w as (select * from ins union all select * from upd),
hist as (
  insert into response_history (assessment_id, question_id, answer, version, origin, changed_by, mutation_id)
  select ${aid}::uuid, ${qid}::uuid, w.answer, w.version, w.origin, ${userId}::uuid, ${mutationId}::uuid from w
),
def as (
  update deferrals set status = 'answered', updated_at = clock_timestamp()
  where assessment_id = ${aid}::uuid and question_id = ${qid}::uuid and status = 'open'
    and (exists (select 1 from w) or exists (select 1 from cur where cur.answer = ${answer}::text and cur.origin <> 'carried'))
),
now_row as (
  select true as written, * from w
  union all
  select false, * from cur where not exists (select 1 from w)
)
select (select status from a) as assessment_status, exists (select 1 from ok) as question_ok,
  r.written, r.answer, r.origin, r.version, r.updated_by,
  to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
  p.first_name, p.last_name
from (select 1) one
left join now_row r on true
left join profiles p on p.id = r.updated_by`;
}



/**
 * A value as SQL text for one of the statement's kinds: null, a uuid (hex and dashes), the answer
 * 'yes' or 'no', the origin 'confirmed' or 'bulk_confirmed' (the only texts the statement takes),
 * or a safe integer. Every other value throws, so no other character can reach the statement's
 * text. applyAnswer checks its input first (404/400).
 */
export function literal(type: SqlType, value: unknown): string {
  if (value === null) return 'null';
  if (type === 'uuid' && isUuid(value)) return `'${value}'`;
  if (type === 'text' && (value === 'yes' || value === 'no')) return `'${value}'`;
  if (type === 'origin' && (value === 'confirmed' || value === 'bulk_confirmed')) return `'${value}'`;
  if (type === 'int' && typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw new TypeError(`not a SQL ${type} literal for the answer save: ${JSON.stringify(value)}`);
}

const PREPARED_NAME = 'mvrsp_save_answer_v3';
const PREPARE = sql`prepare ${sql.raw(PREPARED_NAME)} (${sql.raw(Object.values(SLOTS).map((k) => SQL_TYPE[k]).join(', '))}) as ${saveSql(
  Object.fromEntries(SLOT_NAMES.map((slot, i) => [slot, sql.raw(`$${i + 1}`)])) as Record<Slot, SQL>,
)}`;

/**
 * The statement's text with $1..$8 in SLOTS order, for postgres.js. drizzle runs an unnamed query
 * through postgres.js with `prepare: false`, so PostgreSQL would parse and plan this CTE on every
 * save; as a named prepared statement (postgres.js keeps one per connection, keyed by this text) it
 * is planned once per connection. Measured with scripts/bench/load.ts (ADR 024).
 */
const SAVE_TEXT = new PgDialect({ casing: 'snake_case' }).sqlToQuery(
  saveSql(Object.fromEntries(SLOT_NAMES.map((slot, i) => [slot, sql.raw(`$${i + 1}`)])) as Record<Slot, SQL>),
).sql;

/** The postgres.js pool under a drizzle database (drizzle's public `$client`); null on PGlite and in a transaction. */
function postgresClient(db: Db): Sql | null {
  return is(db, PostgresJsDatabase) ? (db as unknown as { $client: Sql }).$client : null;
}

const values = (input: ApplyAnswerInput): Record<Slot, string | number | null> => ({
  aid: input.assessmentId,
  org: input.organizationId,
  qid: input.questionId,
  answer: input.answer,
  baseVersion: input.baseVersion,
  userId: input.userId,
  mutationId: input.mutationId ?? null,
  confirmAs: input.bulk ? 'bulk_confirmed' : 'confirmed',
});

/**
 * PGlite databases and transactions (PGlite's or postgres-js's) on which the statement is known to
 * be prepared. On postgres-js a transaction holds one pooled connection, which keeps the statement
 * after it ends: the next transaction's check finds it there.
 */
const prepared = new WeakMap<object, Promise<void>>();

async function prepareOnce(db: Db): Promise<void> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pg_prepared_statements where name = ${PREPARED_NAME}`));
  if (!row?.n) await db.execute(PREPARE);
}

/** Runs the save; one row (see SaveRow). */
export async function runSave(ctx: Pick<ServiceContext, 'db'>, input: ApplyAnswerInput): Promise<SaveRow | undefined> {
  const { db } = ctx;
  const v = values(input);
  const client = postgresClient(db);
  if (client) {
    const rows = await client.unsafe<SaveRow[]>(SAVE_TEXT, SLOT_NAMES.map((slot) => v[slot]), { prepare: true });
    return rows[0];
  }
  const args = SLOT_NAMES.map((slot) => literal(SLOTS[slot], v[slot])).join(', ');
  // The PGlite instance for the database itself; a transaction object lives for one transaction.
  const key = is(db, PgliteDatabase) ? (db as unknown as { $client: object }).$client : db;
  let ready = prepared.get(key);
  if (!ready) {
    ready = prepareOnce(db);
    prepared.set(key, ready);
    ready.catch(() => prepared.delete(key));
  }
  await ready;
  return rowsOf<SaveRow>(await db.execute(sql.raw(`execute ${PREPARED_NAME}(${args})`)))[0];
}
