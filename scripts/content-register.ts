// Writes the content register, docs/content/register.md, as domain/questions/bank-register.ts
// renders it, the releases document, docs/content/releases.md (domain/questions/releases.ts), and
// the per-source release record, domain/questions/source-releases.ts: a source whose register
// entry changed is recorded as last changed by the release that describes the current bank (its
// RELEASE_LOG entry must exist first). Run from the repository root: npm run content:register.
import { writeFileSync } from 'node:fs';
import { QUESTION_BANK } from '../domain/questions/bank.ts';
import { REGISTER_PATH, renderRegister, renderSourceReleases, SOURCE_RELEASES_PATH } from '../domain/questions/bank-register.ts';
import { releaseEntryFor, RELEASES_PATH, renderReleases } from '../domain/questions/releases.ts';
import { SOURCE_RELEASES, type SourceRelease } from '../domain/questions/source-releases.ts';
import type { SourceDef } from '../domain/questions/source-types.ts';
import { SOURCES } from '../domain/questions/sources.ts';
import { bankHash, sourceDigest } from '../server/features/questions/questions.seed.ts';

const current = bankHash(QUESTION_BANK);
const history: Record<string, SourceRelease> = {};
const changed: string[] = [];
for (const [id, def] of Object.entries(SOURCES as Readonly<Record<string, SourceDef>>)) {
  const digest = sourceDigest(def);
  const before = SOURCE_RELEASES[id];
  if (before?.digest === digest) history[id] = before;
  else {
    history[id] = { digest, release: current };
    changed.push(id);
  }
}
if (changed.length && !releaseEntryFor(current)) {
  console.error(`Sources changed (${changed.join(', ')}) but domain/questions/releases.ts has no RELEASE_LOG entry for the current bank (sha256 ${current}). Add it, then run this again.`);
  process.exit(1);
}
writeFileSync(SOURCE_RELEASES_PATH, renderSourceReleases(history));
console.log(`Wrote ${SOURCE_RELEASES_PATH}${changed.length ? ` (changed: ${changed.join(', ')})` : ''}`);
writeFileSync(REGISTER_PATH, renderRegister(QUESTION_BANK, history));
console.log(`Wrote ${REGISTER_PATH}`);
writeFileSync(RELEASES_PATH, renderReleases());
console.log(`Wrote ${RELEASES_PATH}`);
