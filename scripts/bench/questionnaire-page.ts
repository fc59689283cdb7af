// Functions evaluated INSIDE the questionnaire page (serialised by playwright: self-contained, no imports).
// They drive the real UI (button clicks) and observe the sync core only by reading IndexedDB.

export interface SaveRunArgs {
  assessmentId: string;
  idByCode: Record<string, string>;
  saves: number;
}

/** Clicks Yes/No `saves` times (moving across questions) and times each click until IndexedDB holds the new answer. */
export async function timeSavesInPage(args: SaveRunArgs): Promise<number[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('mvrsp-sync');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const read = (questionId: string) =>
    new Promise<{ value?: string } | undefined>((resolve, reject) => {
      const req = db.transaction('answers').objectStore('answers').get([args.assessmentId, questionId]);
      req.onsuccess = () => resolve(req.result as { value?: string } | undefined);
      req.onerror = () => reject(req.error);
    });
  const code = () => document.querySelector('[data-testid="question-code"]')?.textContent?.trim() ?? '';
  const buttons = () => [...document.querySelectorAll('button')];
  const waitFor = async (ok: () => boolean, what: string) => {
    const deadline = performance.now() + 10_000;
    while (!ok()) {
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  const times: number[] = [];
  let forward = true;
  for (let i = 0; i < args.saves; i++) {
    const current = code();
    const questionId = args.idByCode[current];
    if (!questionId) throw new Error(`unknown question code "${current}"`);
    const before = (await read(questionId))?.value;
    const target = before === 'yes' ? 'no' : 'yes';
    const button = document.querySelector<HTMLButtonElement>(`[data-testid="answer-${target}"]`);
    if (!button) throw new Error('answer button missing');
    // Click once the page is idle, as a person does: the time is the save's, not a queue behind the
    // previous click's re-render and live-query refresh (which the bench triggers milliseconds earlier),
    // nor behind the 150 ms colour transitions that render started (a person reads the next question
    // for longer than that; the transitions repaint every frame while they run).
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    await new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 1000 }));
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
    times.push(performance.now() - t0);
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

/** Calibration: `n` bare IndexedDB read-write transactions (one put each) in a scratch database, in ms. */
export async function timeBareIdbPutsInPage(n: number): Promise<number[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('mvrsp-bench-calibration', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('kv');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('kv', 'readwrite');
      tx.objectStore('kv').put({ i, at: Date.now() }, i % 10);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    times.push(performance.now() - t0);
  }
  db.close();
  indexedDB.deleteDatabase('mvrsp-bench-calibration');
  return times;
}
