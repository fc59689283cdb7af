#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages that an
// `npm install` on a registry mirror serving only this platform leaves out
// (e.g. @rollup/rollup-darwin-arm64). Without those entries `npm ci` refuses the lock
// ("Missing: ... from lock file"). The entries carry os/cpu/libc so npm skips them on
// other platforms without fetching anything. See docs/decisions/008-lockfile-platform-entries.md.
//
// Usage: node scripts/complete-lockfile.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const check = process.argv.includes('--check');

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'];

/** Derives {os, cpu, libc} from a platform package name such as `rollup-linux-arm64-musl`. */
export function platformOf(name) {
  const base = name.split('/').pop();
  const parts = base.split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!cpu && !os) return null;
  const libc = parts.includes('musl') ? 'musl' : parts.includes('gnu') || parts.includes('gnueabihf') ? 'glibc' : undefined;
  return { os, cpu, libc };
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
const added = [];

for (const [path, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies ?? {};
  for (const [dep, spec] of Object.entries(optional)) {
    const platform = platformOf(dep);
    if (!platform) continue;
    const base = path === '' ? '' : `${path}/`;
    const nested = `${base}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const version = spec.replace(/^[\^~=]/, '');
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    const entry = { version, optional: true };
    if (meta.dev) entry.dev = true;
    if (platform.cpu) entry.cpu = [platform.cpu];
    if (platform.os) entry.os = [platform.os];
    if (platform.libc) entry.libc = [platform.libc];
    packages[hoisted] = entry;
    added.push(`${dep}@${version}`);
  }
}

if (check) {
  if (added.length > 0) {
    console.error(`package-lock.json lacks ${added.length} platform entries; run: node scripts/complete-lockfile.mjs`);
    process.exit(1);
  }
  console.log('package-lock.json is complete.');
} else {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added.length ? `Added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'Nothing to add.');
}
