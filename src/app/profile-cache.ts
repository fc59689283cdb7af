// The last loaded profile, so an offline start-up can still show who is signed in.
import type { ProfileDto } from '#domain/contracts/accounts.ts';
import { queryCacheSavesBlocked } from '../lib/server-data/save-gate.ts';

const KEY = 'mvrsp.profile';

export function readCachedProfile(userId: string): ProfileDto | null {
  try {
    const text = localStorage.getItem(KEY);
    if (!text) return null;
    const p = JSON.parse(text) as ProfileDto;
    return p && p.id === userId ? p : null;
  } catch {
    return null;
  }
}

export function writeCachedProfile(profile: ProfileDto | null): void {
  try {
    if (profile) {
      if (!queryCacheSavesBlocked()) localStorage.setItem(KEY, JSON.stringify(profile));
    } else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable */
  }
}
