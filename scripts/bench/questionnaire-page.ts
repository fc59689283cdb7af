// Functions evaluated INSIDE the questionnaire page (serialised by playwright: self-contained, no imports).
// They drive the real UI (button clicks) and observe the sync core by reading IndexedDB, plus one
// bench-only init script (SAVE_PROBE) that notes when each answer transaction commits.

/**
 * Init script of the bench page (never in the product): records, for every read-write transaction
 * over the sync database's `answers` and `outbox` stores, when it was created and when its
 * `complete` event reached the page (the moment the app's own code learns the save is durable).
 */
export const SAVE_PROBE = `
window.__saveTx = [];
const __origTx = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (stores, mode, opts) {
  const tx = __origTx.call(this, stores, mode, opts);
  const names = typeof stores === 'string' ? [stores] : [...stores];
  if (this.name === 'mvrsp-sync' && mode === 'readwrite' && names.includes('answers') && names.includes('outbox')) {
    const rec = { created: performance.now(), complete: 0 };
    tx.addEventListener('complete', () => { rec.complete = performance.now(); });
    window.__saveTx.push(rec);
  }
  return tx;
};
`;

export interface SaveRunArgs {
  assessmentId: string;
  idByCode: Record<string, string>;
  saves: number;
  /** Also time the IndexedDB floors (FloorTimes) before each click, in the same page and conditions. */
  floors?: boolean;
}

/**
 * One run of timed clicks, in ms. `save`: click → the app's answer + outbox transaction committed
 * (its `complete` event, SAVE_PROBE). `readable`: click → the bench's own read sees the new value
 * (adds the main-thread work after the commit). The floors, each from creating its transaction to
 * its `complete` event, in a scratch database with the same stores and indexes as the app's:
 * `put`: one blind put of the question's answer row, then `commit()`; `twoPuts`: that put plus an
 * outbox row added, then `commit()` (what any save must make durable); `checked`: the reads a
 * checked save needs (the answer row, the question's and the submit's outbox rows), then the two
 * writes and `commit()` (two round trips to the IndexedDB backend, the least a save that decides
 * from what it read can do).
 */
export interface SaveRunTimes {
  save: number[];
  readable: number[];
  put: number[];
  twoPuts: number[];
  checked: number[];
}

/** Clicks Yes/No `saves` times (moving across questions) and times each click (SaveRunTimes). */
export async function timeSavesInPage(args: SaveRunArgs): Promise<SaveRunTimes> {
  const openDb = (name: string, version?: number, upgrade?: (db: IDBDatabase) => void) =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const req = version ? indexedDB.open(name, version) : indexedDB.open(name);
      if (upgrade) req.onupgradeneeded = () => upgrade(req.result);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const db = await openDb('mvrsp-sync');
  const read = (questionId: string) =>
    new Promise<Record<string, unknown> & { value?: string }>((resolve, reject) => {
      const req = db.transaction('answers').objectStore('answers').get([args.assessmentId, questionId]);
      req.onsuccess = () => resolve(req.result as Record<string, unknown> & { value?: string });
      req.onerror = () => reject(req.error);
    });
  // The scratch database: the app's `answers` and `outbox` stores, keys and indexes, copied.
  const floorName = 'mvrsp-bench-floor';
  let floor: IDBDatabase | null = null;
  if (args.floors) {
    const shape = db.transaction(['answers', 'outbox']);
    const stores = (['answers', 'outbox'] as const).map((name) => {
      const s = shape.objectStore(name);
      const indexes = [...s.indexNames].map((i) => {
        const ix = s.index(i);
        return { name: i, keyPath: ix.keyPath, unique: ix.unique, multiEntry: ix.multiEntry };
      });
      return { name, keyPath: s.keyPath, autoIncrement: s.autoIncrement, indexes };
    });
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.deleteDatabase(floorName);
      req.onsuccess = () => resolve();
      req.onerror = () => reject(req.error);
    });
    floor = await openDb(floorName, 1, (f) => {
      for (const s of stores) {
        const store = f.createObjectStore(s.name, { keyPath: s.keyPath, autoIncrement: s.autoIncrement });
        for (const ix of s.indexes) store.createIndex(ix.name, ix.keyPath, { unique: ix.unique, multiEntry: ix.multiEntry });
      }
    });
  }
  const done = (tx: IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error);
    });
  const got = <T>(req: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  const outboxRow = (answer: Record<string, unknown>, n: number) => ({
    id: `0193a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    clientId: '0193a000-0000-7000-8000-000000000000',
    userId: answer.updatedBy ?? '0193a000-0000-7000-8000-000000000001',
    orgId: '0193a000-0000-7000-8000-000000000002',
    assessmentId: answer.assessmentId,
    kind: 'answer.set',
    entityKey: `${String(answer.assessmentId)}:${String(answer.questionId)}`,
    payload: { questionId: answer.questionId, value: answer.value },
    baseVersion: answer.serverVersion ?? 0,
    clientTs: Date.now(),
    status: 'pending',
    attempts: 0,
    nextAttemptAt: Date.now(),
  });
  let rows = 0;
  const timeFloor = async (kind: 'put' | 'twoPuts' | 'checked', answer: Record<string, unknown>) => {
    const t0 = performance.now();
    const tx = floor!.transaction(kind === 'put' ? ['answers'] : ['answers', 'outbox'], 'readwrite');
    const committed = done(tx);
    const answers = tx.objectStore('answers');
    if (kind === 'checked') {
      const outbox = tx.objectStore('outbox');
      const key = `${String(answer.assessmentId)}:${String(answer.questionId)}`;
      await Promise.all([
        got(outbox.index('entityKey').getAll(`${String(answer.assessmentId)}:submit`)),
        got(answers.get([answer.assessmentId as string, answer.questionId as string])),
        got(outbox.index('entityKey').getAll(key)),
      ]);
    }
    answers.put({ ...answer, updatedAt: new Date().toISOString() });
    if (kind !== 'put') tx.objectStore('outbox').add(outboxRow(answer, ++rows));
    tx.commit();
    await committed;
    return performance.now() - t0;
  };
  const idle = async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    await new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 1000 }));
  };
  const probe = (window as unknown as { __saveTx?: { created: number; complete: number }[] }).__saveTx;
  if (!probe) throw new Error('the SAVE_PROBE init script is not installed in this page');
  const code = () => document.querySelector('[data-testid="question-code"]')?.textContent?.trim() ?? '';
  const buttons = () => [...document.querySelectorAll('button')];
  const waitFor = async (ok: () => boolean, what: string) => {
    const deadline = performance.now() + 10_000;
    while (!ok()) {
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  const times: SaveRunTimes = { save: [], readable: [], put: [], twoPuts: [], checked: [] };
  let forward = true;
  for (let i = 0; i < args.saves; i++) {
    const current = code();
    const questionId = args.idByCode[current];
    if (!questionId) throw new Error(`unknown question code "${current}"`);
    const stored = await read(questionId);
    const target = stored?.value === 'yes' ? 'no' : 'yes';
    const button = document.querySelector<HTMLButtonElement>(`[data-testid="answer-${target}"]`);
    if (!button) throw new Error('answer button missing');
    if (floor) {
      // An answer row as the app stores it (the stored one, or one of the same shape for a first answer).
      const row = stored ?? {
        assessmentId: args.assessmentId,
        questionId,
        value: target,
        serverVersion: 0,
        serverValue: null,
        updatedBy: null,
        updatedByName: null,
        updatedAt: null,
        syncState: 'pending',
        origin: 'answered',
      };
      for (const kind of ['put', 'twoPuts', 'checked'] as const) {
        await idle();
        times[kind].push(await timeFloor(kind, row));
      }
    }
    // Click once the page is idle, as a person does: the time is the save's, not a queue behind the
    // previous click's re-render and live-query refresh (which the bench triggers milliseconds earlier),
    // nor behind the 150 ms colour transitions that render started (a person reads the next question
    // for longer than that; the transitions repaint every frame while they run).
    await idle();
    const t0 = performance.now();
    button.click();
    // Start reading one task later: a read issued in the click's own turn would open its
    // transaction before the app's save does and hold that save up (IndexedDB runs overlapping
    // transactions in creation order), which a person's click never does.
    await new Promise((r) => setTimeout(r, 0));
    for (;;) {
      if ((await read(questionId))?.value === target) break;
      if (performance.now() - t0 > 10_000) throw new Error(`answer ${current} never reached IndexedDB`);
    }
    times.readable.push(performance.now() - t0);
    const tx = probe.find((t) => t.created >= t0);
    await waitFor(() => !!tx && tx.complete > 0, 'the save transaction to commit');
    times.save.push(tx!.complete - t0);
    // Move on (not timed): Next until the last question, then Previous back to the first.
    // Next stays disabled while the page still shows "saving"; the last question has Submit instead.
    const nextButton = () => document.querySelector<HTMLButtonElement>('[data-testid="next-question"]');
    await waitFor(() => !nextButton()?.disabled, 'the page to finish saving');
    const next = nextButton();
    const prev = buttons().find((b) => b.textContent?.trim() === 'Previous');
    if (forward && (!next || next.disabled)) forward = false;
    if (!forward && (!prev || prev.disabled)) forward = true;
    const move = forward ? document.querySelector<HTMLButtonElement>('[data-testid="next-question"]') : prev;
    if (move && !move.disabled) {
      await waitFor(() => !move.disabled, 'navigation button');
      move.click();
      await waitFor(() => code() !== current, 'the next question');
    }
  }
  db.close();
  if (floor) {
    floor.close();
    indexedDB.deleteDatabase(floorName);
  }
  return times;
}

/** Rows waiting in the sync outbox (read straight from IndexedDB). */
export async function outboxCountInPage(): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('mvrsp-sync');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const n = await new Promise<number>((resolve, reject) => {
    const req = db.transaction('outbox').objectStore('outbox').count();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.close();
  return n;
}

/** Polls the outbox until it is empty; returns the ms since `t0` (a performance.now() of this page). */
export async function timeDrainInPage(t0: number): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('mvrsp-sync');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const count = () =>
    new Promise<number>((resolve, reject) => {
      const req = db.transaction('outbox').objectStore('outbox').count();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  while ((await count()) > 0) {
    if (performance.now() - t0 > 60_000) throw new Error('outbox did not drain within 60 s');
    await new Promise((r) => setTimeout(r, 2));
  }
  db.close();
  return performance.now() - t0;
}
