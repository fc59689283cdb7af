// localStorage adapter for supabase-js that also reads the legacy nested shape
// ({currentSession, expiresAt} under `supabase.auth.token`, ADR 007) once, so a
// session saved by the older client is not lost.
export const AUTH_STORAGE_KEY = 'mvrsp-auth-token';
export const LEGACY_AUTH_STORAGE_KEY = 'supabase.auth.token';

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readLegacy(): string | null {
  const text = safeGet(LEGACY_AUTH_STORAGE_KEY);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { currentSession?: { access_token?: string; refresh_token?: string } };
    const session = parsed.currentSession;
    if (session?.access_token && session.refresh_token) return JSON.stringify(session);
  } catch {
    /* not the legacy shape */
  }
  return null;
}

export const authStorage = {
  getItem(key: string): string | null {
    const value = safeGet(key);
    if (value !== null || key !== AUTH_STORAGE_KEY) return value;
    return readLegacy();
  },
  setItem(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* storage disabled: the session lives for this page only */
    }
  },
  removeItem(key: string): void {
    try {
      localStorage.removeItem(key);
      if (key === AUTH_STORAGE_KEY) localStorage.removeItem(LEGACY_AUTH_STORAGE_KEY);
    } catch {
      /* ignore */
    }
  },
};

/** The stored session's user id and expiry, read without the network (offline start-ups). */
export function readStoredSessionUser(): { id: string; email: string } | null {
  const text = authStorage.getItem(AUTH_STORAGE_KEY);
  if (!text) return null;
  try {
    const s = JSON.parse(text) as { user?: { id?: string; email?: string } };
    return s.user?.id ? { id: s.user.id, email: s.user.email ?? '' } : null;
  } catch {
    return null;
  }
}
