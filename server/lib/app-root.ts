// The one place that knows where the application's files are (migrations/, dist/). The server runs
// from source (server/**/*.ts under tsx or vitest) and from the esbuild bundle (build/server/index.js,
// scripts/build-server.mjs), so a path relative to one module's import.meta.url is right in one of
// the two and wrong in the other. Both live inside the repository, so the root is the nearest
// ancestor that holds package.json and migrations/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'migrations'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no application root (package.json + migrations/) above ${start}`);
  }
}

/** The repository / install directory: holds package.json, migrations/ and the built dist/. */
export const APP_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the application root. */
export const appPath = (...segments: string[]): string => path.join(APP_ROOT, ...segments);
