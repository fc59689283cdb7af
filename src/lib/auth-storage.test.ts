import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, authStorage, LEGACY_AUTH_STORAGE_KEY, readStoredSessionUser } from './auth-storage.ts';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) {
    return this.data.has(k) ? this.data.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v));
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

const session = { access_token: 'a', refresh_token: 'r', expires_at: 2_000_000_000, user: { id: 'u-1', email: 'x@y.org' } };

describe('auth storage (fixed key, legacy nested fallback)', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('reads and writes the session under the fixed key', () => {
    authStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
    expect(JSON.parse(authStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual(session);
    expect(readStoredSessionUser()).toEqual({ id: 'u-1', email: 'x@y.org' });
  });

  it('falls back to the legacy {currentSession} shape when the key is empty', () => {
    localStorage.setItem(LEGACY_AUTH_STORAGE_KEY, JSON.stringify({ currentSession: session, expiresAt: 2_000_000_000 }));
    expect(JSON.parse(authStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual(session);
    expect(authStorage.getItem('some-other-key')).toBeNull();
  });

  it('ignores a legacy value without tokens, and sign-out clears both shapes', () => {
    localStorage.setItem(LEGACY_AUTH_STORAGE_KEY, JSON.stringify({ currentSession: { user: {} } }));
    expect(authStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    localStorage.setItem(LEGACY_AUTH_STORAGE_KEY, JSON.stringify({ currentSession: session }));
    authStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
    authStorage.removeItem(AUTH_STORAGE_KEY);
    expect(authStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(readStoredSessionUser()).toBeNull();
  });
});
