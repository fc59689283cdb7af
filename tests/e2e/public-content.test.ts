// What the public can download is public by intent: the built SPA (every chunk, the service worker
// and its precache list, index.html) carries no question text, guidance, evidence description or
// corrective action of the bank. Signed-in users get those from GET /api/questions.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { ensureBuilt } from './harness.ts';

const DIST = path.resolve(import.meta.dirname, '../../dist');

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    // .br/.gz are compressed copies of the files next to them.
    else if (!/\.(br|gz)$/.test(entry)) yield full;
  }
}

describe('public build output', () => {
  it('contains no text of the question bank', () => {
    ensureBuilt();
    const texts = QUESTION_BANK.flatMap((q) => [q.questionText, q.guidance, q.correctiveAction.action, q.evidenceDescription].filter((t) => t.length > 20));
    const leaks: string[] = [];
    let scanned = 0;
    for (const file of files(DIST)) {
      const body = readFileSync(file, 'utf8');
      scanned += 1;
      // Compare a distinctive prefix: minifiers keep string literals but may re-escape quotes.
      for (const t of texts) if (body.includes(t.slice(0, 40))) leaks.push(`${path.relative(DIST, file)}: ${t.slice(0, 60)}`);
    }
    expect(scanned).toBeGreaterThan(5);
    expect(leaks).toEqual([]);
  });
});
