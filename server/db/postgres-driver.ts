// postgres.js with a repaired internal queue (docs/decisions/028-postgres-driver-queue.md).
//
// postgres.js 3.4 keeps its pending queries and its connections (open, busy, full, ...) in a small
// array queue (node_modules/postgres/src/queue.js). `shift` leaves an `undefined` hole at the front
// and only empties the array once a `shift` takes its last element; `remove` (every move of a
// connection from one state to another, connection.js and index.js `move`) splices and searches
// with indexOf from the array's start. When a queue is emptied by `remove` instead of `shift`, which
// a saturated pool does constantly, the holes are never cleared: every move then scans all the holes
// left since the process started. The driver slows down for good (21k to 5.7k queries/s on a loopback
// PostgreSQL in 2.5 minutes, scripts/bench/driver-queue.ts), and stays slow after the load stops.
//
// The repair is Queue below (same four members, holes dropped as soon as they are half the array,
// the array reset whenever the queue is empty, search from the head). It replaces the package's
// queue.js in Node's CommonJS module cache before the package's CommonJS build is loaded, so the
// installed package is left as it is (no patch step at install) and the repair holds under tsx,
// Vitest and the compiled server alike (packages stay external in build/server).
import { createRequire, Module } from 'node:module';
import path from 'node:path';
import type postgresType from 'postgres';

export interface DriverQueue<T> {
  readonly length: number;
  remove(x: T): T | null;
  push(x: T): T;
  shift(): T | undefined;
  /** Slots the queue's array holds (live entries and holes); for tests. */
  readonly slots: number;
}

/** The repaired queue: push, shift and remove, with no hole kept once the queue is empty or mostly holes. */
export function Queue<T>(initial: readonly T[] = []): DriverQueue<T> {
  let xs: (T | undefined)[] = initial.slice();
  let head = 0;
  const compact = () => {
    if (head === xs.length) {
      xs = [];
      head = 0;
    } else if (head > 32 && head * 2 > xs.length) {
      xs = xs.slice(head);
      head = 0;
    }
  };
  return {
    get length() {
      return xs.length - head;
    },
    get slots() {
      return xs.length;
    },
    remove(x) {
      const i = xs.indexOf(x, head);
      if (i === -1) return null;
      xs.splice(i, 1);
      compact();
      return x;
    },
    push(x) {
      xs.push(x);
      return x;
    },
    shift() {
      if (head === xs.length) return undefined;
      const out = xs[head];
      xs[head++] = undefined;
      compact();
      return out;
    },
  };
}

/** Marks Queue, so a second evaluation of this module (Vitest re-imports modules per test file) recognises the repair. */
const REPAIRED = Symbol.for('mvrsp-assess.postgres-driver.queue');
Object.defineProperty(Queue, REPAIRED, { value: true });
const isRepaired = (exports: unknown): boolean => typeof exports === 'function' && (exports as unknown as Record<symbol, unknown>)[REPAIRED] === true;

const require = createRequire(import.meta.url);
/** The CommonJS build postgres.js loads for `require('postgres')` (its package.json "exports" default). */
const entry = require.resolve('postgres');
export const PACKAGE_QUEUE_PATH = path.join(path.dirname(entry), 'queue.js');

function loadPostgres(): typeof postgresType {
  const cached = require.cache[PACKAGE_QUEUE_PATH];
  if (!isRepaired(cached?.exports)) {
    if (require.cache[entry]) throw new Error('postgres.js was loaded before its queue was repaired (server/db/postgres-driver.ts)');
    const replacement = new Module(PACKAGE_QUEUE_PATH);
    replacement.filename = PACKAGE_QUEUE_PATH;
    replacement.loaded = true;
    replacement.exports = Queue;
    require.cache[PACKAGE_QUEUE_PATH] = replacement;
  }
  return require('postgres') as typeof postgresType;
}

/** The postgres.js factory (the same API as `import postgres from 'postgres'`), with the repaired queue. */
export const postgres = loadPostgres();

/** Whether the loaded postgres.js uses Queue above (server/db/postgres-driver.test.ts). */
export const usesRepairedQueue = (): boolean => isRepaired(require.cache[PACKAGE_QUEUE_PATH]?.exports) && require.cache[entry]?.exports === postgres;
