// Pins what native-tx.ts borrows from Dexie's internals: the names and contents of the change
// sets ("mutated parts") its observability middleware fires on `storagemutated`, which live
// queries match against what they read. announceChanges builds them by hand for the native answer
// save (ADR 011); if a Dexie upgrade changes them, these tests fail.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { cmp, Dexie, liveQuery, type RangeSet } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerKey, SyncDatabase, type LocalAnswer, type OutboxRow } from './db.ts';
import { announceChanges, committed, nativeConnection, request, type StoreChanges } from './native-tx.ts';

const FIX =
  "Dexie's liveQuery change keys differ from what announceChanges (src/sync/native-tx.ts) fires. Read the observability " +
  "middleware in node_modules/dexie/dist/dexie.mjs (search 'idb://' and 'trackAffectedIndexes') and make announceChanges fire the same parts.";

type Parts = Record<string, RangeSet>;
const A = randomUUID();
const answer = (questionId: string, over: Partial<LocalAnswer> = {}): LocalAnswer => ({
  assessmentId: A,
  questionId,
  value: 'yes',
  serverVersion: 0,
  serverValue: null,
  updatedBy: 'me',
  updatedByName: null,
  updatedAt: null,
  syncState: 'pending',
  origin: 'answered',
  ...over,
});
const outboxRow = (questionId: string): OutboxRow => ({
  id: randomUUID(),
  clientId: 'c',
  userId: 'me',
  orgId: 'o',
  assessmentId: A,
  kind: 'answer.set',
  entityKey: answerKey(A, questionId),
  payload: { questionId, value: 'yes' },
  baseVersion: 0,
  clientTs: 1,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 1,
});

/** The parts fired for this database's next commit (Dexie's own, or announceChanges'). */
function nextParts(db: SyncDatabase): Promise<Parts> {
  return new Promise((resolve) => {
    const listener = (parts: Parts) => {
      if (!Object.keys(parts).some((k) => k.startsWith(`idb://${db.name}/`))) return;
      Dexie.on('storagemutated').unsubscribe(listener);
      resolve(parts);
    };
    Dexie.on('storagemutated').subscribe(listener);
  });
}

/** A RangeSet's ranges, in order (its tree: d = 0 is empty; l and r are the subtrees). */
type Node = { from?: unknown; to?: unknown; d?: number; l?: Node; r?: Node };
function ranges(node: Node | undefined, out: Array<[unknown, unknown]> = []): Array<[unknown, unknown]> {
  if (!node || !node.d) return out;
  ranges(node.l, out);
  out.push([node.from, node.to]);
  ranges(node.r, out);
  return out;
}
const hasKey = (set: RangeSet, key: unknown) => ranges(set as Node).some(([from, to]) => cmp(from, key) <= 0 && cmp(key, to) <= 0);

/** Writes rows with the native API in one transaction and announces them; resolves with the fired parts. */
async function nativeWrite(db: SyncDatabase, answers: LocalAnswer[], added: OutboxRow[], deleted: OutboxRow[] = []): Promise<Parts> {
  const tx = (await nativeConnection(db)).transaction(['answers', 'outbox'], 'readwrite');
  const done = committed(tx);
  const before = await Promise.all(answers.map((a) => request(tx.objectStore('answers').get([a.assessmentId, a.questionId])) as Promise<LocalAnswer | undefined>));
  for (const a of answers) tx.objectStore('answers').put(a);
  for (const r of deleted) tx.objectStore('outbox').delete(r.seq!);
  const seqs = await Promise.all(added.map((r) => request(tx.objectStore('outbox').add(r))));
  await done;
  const changes: Partial<Record<'answers' | 'outbox', StoreChanges>> = {};
  if (answers.length) changes.answers = { keys: answers.map((a) => [a.assessmentId, a.questionId]), rows: [...before.filter((a) => a !== undefined), ...answers] };
  if (added.length || deleted.length) changes.outbox = { keys: [...deleted.map((r) => r.seq!), ...(seqs as number[])], rows: [...deleted, ...added.map((r, i) => ({ ...r, seq: seqs[i] }))] };
  const fired = nextParts(db);
  announceChanges(db, changes);
  return fired;
}

describe('announceChanges, against what Dexie fires for the same writes', () => {
  let ours: SyncDatabase;
  let dexies: SyncDatabase;
  beforeEach(async () => {
    ours = new SyncDatabase(`native-${randomUUID()}`);
    dexies = new SyncDatabase(`dexie-${randomUUID()}`);
    // Opening a new database fires a change of everything: let it pass first.
    await Promise.all([ours.open(), dexies.open()]);
  });
  afterEach(async () => {
    await ours.delete();
    await dexies.delete();
  });

  /**
   * Every part Dexie fires, ours fires too (named alike but for the database), with every key Dexie
   * marks. `sameNames`: no other part either (a delete's parts are fewer in Dexie, which does not
   * know the deleted row's index values; announceChanges does).
   */
  function expectCovers(native: Parts, dexie: Parts, sameNames: boolean) {
    const names = (p: Parts, db: SyncDatabase) => Object.keys(p).map((k) => k.replace(db.name, '<db>')).sort();
    if (sameNames) expect(names(native, ours), FIX).toEqual(names(dexie, dexies));
    else expect(names(native, ours), FIX).toEqual(expect.arrayContaining(names(dexie, dexies)));
    for (const [name, set] of Object.entries(dexie)) {
      const mine = native[name.replace(dexies.name, ours.name)]!;
      for (const [from, to] of ranges(set as Node)) {
        expect(cmp(from, to), `${FIX} (Dexie now marks a range in ${name})`).toBe(0);
        expect(hasKey(mine, from), `${FIX} (${name} misses ${JSON.stringify(from)})`).toBe(true);
      }
    }
  }

  it('a new answer and its outbox row', async () => {
    const row = outboxRow('q1');
    const dexie = nextParts(dexies);
    await dexies.transaction('rw', dexies.answers, dexies.outbox, async () => {
      await dexies.answers.put(answer('q1'));
      await dexies.outbox.add({ ...row });
    });
    expectCovers(await nativeWrite(ours, [answer('q1')], [{ ...row }]), await dexie, true);
  });

  it('a changed answer and a removed outbox row', async () => {
    const seeded = { ...outboxRow('q1'), seq: 1 };
    await dexies.answers.put(answer('q1'));
    await dexies.outbox.add(seeded);
    await ours.answers.put(answer('q1'));
    await ours.outbox.add(seeded);
    const dexie = nextParts(dexies);
    await dexies.transaction('rw', dexies.answers, dexies.outbox, async () => {
      await dexies.answers.put(answer('q1', { value: 'no', syncState: 'synced' }));
      await dexies.outbox.delete(1);
    });
    expectCovers(await nativeWrite(ours, [answer('q1', { value: 'no', syncState: 'synced' })], [], [seeded]), await dexie, false);
  });
});

describe('live queries see a native write once it is announced', () => {
  let db: SyncDatabase;
  beforeEach(() => void (db = new SyncDatabase(`native-live-${randomUUID()}`)));
  afterEach(async () => db.delete());

  it('by primary key, index, compound index, count and full scan; an unrelated query does not run again', async () => {
    const watch = <T>(query: () => Promise<T>) => {
      const seen: T[] = [];
      const sub = liveQuery(query).subscribe({ next: (v) => void seen.push(v) });
      return { seen, stop: () => sub.unsubscribe() };
    };
    const watches = {
      byKey: watch(() => db.answers.get([A, 'q1']).then((a) => a?.value ?? null)),
      byIndex: watch(() => db.answers.where('syncState').equals('pending').count()),
      byCompound: watch(() => db.outbox.where('[userId+status]').equals(['me', 'pending']).count()),
      byEntity: watch(() => db.outbox.where('entityKey').equals(answerKey(A, 'q1')).toArray().then((rows) => rows.length)),
      all: watch(() => db.outbox.toArray().then((rows) => rows.length)),
      unrelated: watch(() => db.answers.where('assessmentId').equals(randomUUID()).toArray().then((rows) => rows.length)),
    };
    await expect.poll(() => Object.values(watches).every((w) => w.seen.length === 1)).toBe(true);
    await nativeWrite(db, [answer('q1')], [outboxRow('q1')]);
    await expect.poll(() => watches.byKey.seen, { message: FIX }).toEqual([null, 'yes']);
    await expect.poll(() => watches.byIndex.seen, { message: FIX }).toEqual([0, 1]);
    await expect.poll(() => watches.byCompound.seen, { message: FIX }).toEqual([0, 1]);
    await expect.poll(() => watches.byEntity.seen, { message: FIX }).toEqual([0, 1]);
    await expect.poll(() => watches.all.seen, { message: FIX }).toEqual([0, 1]);
    expect(watches.unrelated.seen).toEqual([0]);
    for (const w of Object.values(watches)) w.stop();
  });
});
