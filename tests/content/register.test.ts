// The committed content register must be what domain/questions/bank-register.ts renders from the
// bank, sources and requirements in code (regenerate with npm run content:register), and each
// source's entry names the release that last changed it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUESTION_BANK } from '#domain/questions/bank.ts';
import { REGISTER_PATH, renderRegister, SOURCE_RELEASES_PATH } from '#domain/questions/bank-register.ts';
import { releaseEntryFor, RELEASES_PATH, renderReleases } from '#domain/questions/releases.ts';
import { SOURCE_RELEASES } from '#domain/questions/source-releases.ts';
import type { SourceDef } from '#domain/questions/source-types.ts';
import { SOURCES } from '#domain/questions/sources.ts';
import { bankHash, sourceDigest } from '#server/features/questions/questions.seed.ts';

describe('content register', () => {
  it(`${REGISTER_PATH} is up to date (npm run content:register)`, () => {
    expect(readFileSync(new URL(`../../${REGISTER_PATH}`, import.meta.url), 'utf8')).toBe(renderRegister());
  });

  it(`${RELEASES_PATH} is up to date (npm run content:register)`, () => {
    expect(readFileSync(new URL(`../../${RELEASES_PATH}`, import.meta.url), 'utf8')).toBe(renderReleases());
  });
});

describe('the release that last changed each source', () => {
  it(`${SOURCE_RELEASES_PATH} records every source of the register as it is now, against a release of the log (npm run content:register)`, () => {
    const registry = SOURCES as Readonly<Record<string, SourceDef>>;
    expect(Object.keys(SOURCE_RELEASES).sort()).toEqual(Object.keys(registry).sort());
    const stale = Object.entries(registry).filter(([id, def]) => SOURCE_RELEASES[id]?.digest !== sourceDigest(def)).map(([id]) => id);
    expect(stale, 'register entries changed since their release was recorded: add the RELEASE_LOG entry, then npm run content:register').toEqual([]);
    for (const [id, r] of Object.entries(SOURCE_RELEASES)) expect(releaseEntryFor(r.release), `${id} names a release not in RELEASE_LOG`).toBeDefined();
  });

  it('changes the bank hash when a cited source’s entry changes, so the correction is a release', () => {
    const cited = QUESTION_BANK[0]!.sources[0]!;
    const registry = SOURCES as Record<string, SourceDef>;
    const before = bankHash(QUESTION_BANK);
    const saved = registry[cited]!;
    try {
      registry[cited] = { ...saved, section: `${saved.section} (corrected)` };
      expect(bankHash(QUESTION_BANK)).not.toBe(before);
    } finally {
      registry[cited] = saved;
    }
    expect(bankHash(QUESTION_BANK)).toBe(before);
  });
});
