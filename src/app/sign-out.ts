// The one place that decides what a sign-out leaves on the device (ADR 007, "Sign-out"):
// - localStorage: the supabase-js session is removed by auth.signOut; the public /api/config copy
//   stays. No server data is kept there (the profile is a saved read, below).
// - IndexedDB (the saved reads, ADR 032): every user's saved query cache is deleted
//   (src/lib/server-data/query-cache.ts), so the next user of the browser starts with none.
// - sessionStorage: cleared (invitation names, scroll positions).
// - Cache Storage: the service worker's reference cache (worker/sw.ts) keeps only the public
//   /api/config; the question bank (questions, guidance, corrective actions) is for signed-in users
//   only (ADR 012), so it goes with every other copy and is fetched again at the next sign-in.
// - IndexedDB (the sync database): emptied by clearForSignOut (src/sync/sign-out.ts), keeping only
//   the signing-out user's unsent rows when they chose to keep them.
// The sync core loads on demand, so a sign-out from a page that never started it stays light.
import { MSG } from '#domain/messages.ts';
import { paths } from '../config/paths.ts';
import { AUTH_STORAGE_KEY, authStorage } from '../lib/auth-storage.ts';
import { isOnline } from '../lib/online.ts';
import { loadSupabase } from '../lib/supabase.ts';
import { blockQueryCacheSaves, clearQueryCacheDatabase } from '../lib/server-data/save-gate.ts';

/** The service worker's runtime cache of reference data (worker/sw.ts). */
const REFERENCE_CACHE = 'mvrsp-reference';
/** The one reference entry anyone may read: the runtime config (no organization or bank data). */
const PUBLIC_REFERENCE = '/api/config';

export interface UnsentWork {
  rows: number;
  files: number;
}

/** The signed-in user's changes and files not yet on the server (zero when the sync database cannot be read). */
export async function unsentWorkOf(userId: string): Promise<UnsentWork> {
  try {
    const sync = await import('../sync/index.ts');
    const db = sync.getSyncRuntime()?.db ?? new sync.SyncDatabase();
    return await sync.unsentOf(db, userId);
  } catch {
    return { rows: 0, files: 0 };
  }
}

/** Sends what waits now (the warning's "Stay signed in and send"). */
export async function sendUnsentNow(): Promise<void> {
  const sync = await import('../sync/index.ts');
  await sync.getSyncRuntime()?.engine.drainNow();
}

/**
 * Removes everything of the organization from this device; `keepUnsent` keeps this user's unsent
 * rows for their next sign-in. Order matters: first nothing may write again (saves of reads are
 * blocked, the sync runtime is stopped and its request on the wire settled or discarded), then the
 * stores are emptied, so a response that lands late cannot put organization data back.
 * `reloading` false (signed out elsewhere, the page stays): writes are allowed again afterwards.
 */
export async function clearLocalData(opts: { userId: string | null; keepUnsent: boolean; reloading?: boolean }): Promise<void> {
  blockQueryCacheSaves(true);
  const sync = await import('../sync/index.ts').catch(() => null);
  let db: InstanceType<NonNullable<typeof sync>['SyncDatabase']> | null = null;
  try {
    if (sync) db = (await sync.haltSyncForSignOut()) ?? new sync.SyncDatabase();
  } catch (error) {
    console.warn('Could not stop the sync runtime', error);
  }
  // The persisted cache loads with the data layer, not with the first route (the bundle budget);
  // a page that cannot load it empties the cache's database directly.
  await import('../lib/server-data/query-cache.ts').then((m) => m.clearQueryCache(), clearQueryCacheDatabase);
  dropLegacyProfileCopy();
  dropMemberMark();
  try {
    sessionStorage.clear();
  } catch {
    /* storage disabled */
  }
  await dropScopedReferenceEntries();
  try {
    if (sync && db) await sync.clearForSignOut(db, { userId: opts.userId, keepUnsent: opts.keepUnsent });
  } catch (error) {
    console.warn('Could not clear the local sync database', error);
  }
  if (opts.reloading === false) {
    blockQueryCacheSaves(false);
    sync?.resumeSyncAfterSignOut();
  } else {
    // The page reloads next: this page's connection is closed so nothing in it writes the database again.
    db?.close();
  }
}

/**
 * Ends the session on this device. supabase-js also revokes the refresh token on the server and,
 * when that call fails (offline), returns an error and keeps the stored session: remove it then.
 */
export async function endLocalSession(): Promise<void> {
  try {
    const { error } = await (await loadSupabase()).auth.signOut({ scope: 'local' });
    if (!error) return;
    console.warn('Sign-out request failed; the local session is removed anyway', error.name);
  } catch (error) {
    console.warn('Sign-out request failed; the local session is removed anyway', error);
  }
  authStorage.removeItem(AUTH_STORAGE_KEY);
}

/**
 * Offline, the full load of /login can only come from the service worker's precache (worker/sw.ts
 * serves the shell for every navigation). A worker that is still installing gets a moment to
 * become active first; online, or with no service worker at all, nothing waits.
 */
async function offlineShellReady(waitMs = 5_000): Promise<void> {
  try {
    if (isOnline() || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration || registration.active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([navigator.serviceWorker.ready, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  } catch {
    /* no service worker API: the browser loads /login itself */
  }
}

async function dropScopedReferenceEntries(): Promise<void> {
  try {
    if (typeof caches === 'undefined' || !(await caches.has(REFERENCE_CACHE))) return;
    const cache = await caches.open(REFERENCE_CACHE);
    for (const request of await cache.keys()) if (new URL(request.url).pathname !== PUBLIC_REFERENCE) await cache.delete(request);
  } catch {
    /* Cache Storage unavailable */
  }
}

const SIGN_OUT_MARK = 'mvrsp.signing-out';

export interface SignOutMark {
  keepUnsent: boolean;
  notice?: string;
}

/**
 * A sign-out once started always completes: the mark is written before anything is cleared and
 * removed just before the reload into /login. A page that was left or reloaded mid-way (e.g. a
 * navigation while the device was being cleared) finds it on its next start and finishes the job,
 * instead of starting half signed in with the cached profile already gone.
 */
export function markSignOut(mark: SignOutMark | null): void {
  try {
    if (mark) localStorage.setItem(SIGN_OUT_MARK, JSON.stringify(mark));
    else localStorage.removeItem(SIGN_OUT_MARK);
  } catch {
    /* storage unavailable */
  }
}

export function unfinishedSignOut(): SignOutMark | null {
  try {
    const text = localStorage.getItem(SIGN_OUT_MARK);
    if (!text) return null;
    const mark = JSON.parse(text) as Partial<SignOutMark>;
    return { keepUnsent: mark.keepUnsent !== false, notice: typeof mark.notice === 'string' ? mark.notice : undefined };
  } catch {
    return null;
  }
}

/** Why the session ended without the user asking: shown on the sign-in page. */
export type SessionEnd = 'removed' | 'organization_deleted' | 'disabled' | 'ended';

export const SESSION_END_MESSAGE: Record<SessionEnd, string> = {
  removed: MSG.accessRemoved,
  organization_deleted: MSG.organizationDeleted,
  disabled: MSG.accountDisabled,
  ended: MSG.sessionEnded,
};

/** Where earlier builds kept a copy of the profile; it is now a saved read (ADR 032) and goes. */
const LEGACY_PROFILE_KEY = 'mvrsp.profile';

/** Removes the profile copy an earlier build left in localStorage. */
export function dropLegacyProfileCopy(): void {
  try {
    localStorage.removeItem(LEGACY_PROFILE_KEY);
  } catch {
    /* storage unavailable */
  }
}

/**
 * The id of the signed-in user who had a profile on this device (no profile data: the profile is a
 * saved read, ADR 032). Read synchronously at start-up, so a refusal of access that arrives before
 * any read has answered, on the first request of a new page, is known to mean "access ended"
 * (src/app/session-provider.tsx). Removed at every sign-out (clearLocalData).
 */
const MEMBER_MARK_KEY = 'mvrsp.member';

export function markMember(userId: string): void {
  try {
    if (localStorage.getItem(MEMBER_MARK_KEY) !== userId) localStorage.setItem(MEMBER_MARK_KEY, userId);
  } catch {
    /* storage unavailable: the mark lives for this page only */
  }
}

function dropMemberMark(): void {
  try {
    localStorage.removeItem(MEMBER_MARK_KEY);
  } catch {
    /* storage unavailable */
  }
}

export function wasMember(userId: string | null): boolean {
  if (!userId) return false;
  try {
    return localStorage.getItem(MEMBER_MARK_KEY) === userId;
  } catch {
    return false;
  }
}

/**
 * A full page load of /login, or of `to` (e.g. the invitation a user signed out to accept), so
 * nothing of the signed-in app stays in memory. A notice travels as the history entry's router
 * state, which the login page reads as `location.state.message`.
 */
export async function reloadToLogin(notice?: string, to?: string): Promise<void> {
  // Again at the last moment: the service worker may have stored a response that was still on
  // the wire when clearLocalData ran (the worker caches independently of this page).
  await dropScopedReferenceEntries();
  await offlineShellReady();
  const href = notice ? paths.login.href() : (to ?? paths.login.href());
  if (notice) {
    window.history.replaceState({ usr: { message: notice, tone: 'info' }, key: 'signout', idx: 0 }, '', href);
    window.location.reload();
  } else window.location.assign(href);
}
