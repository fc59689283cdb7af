// The one supabase-js client of the page, created from the runtime config. supabase-js is
// loaded on demand (dynamic import) so it stays off the landing page's critical path.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getAppConfig } from '../config/app-config.ts';
import { AUTH_STORAGE_KEY, authStorage } from './auth-storage.ts';

let client: SupabaseClient | null = null;
let loading: Promise<SupabaseClient> | null = null;
const loadedListeners = new Set<(c: SupabaseClient) => void>();

/** Calls back once the client exists (immediately if it already does); returns an unsubscribe. */
export function onSupabaseLoaded(listener: (c: SupabaseClient) => void): () => void {
  if (client) {
    listener(client);
    return () => {};
  }
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

/** Loads supabase-js and creates the client once; every caller gets the same instance. */
export function loadSupabase(): Promise<SupabaseClient> {
  if (client) return Promise.resolve(client);
  loading ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const config = getAppConfig();
    client ??= createClient(config.authUrl, config.supabaseAnonKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'implicit',
        storageKey: AUTH_STORAGE_KEY,
        storage: authStorage,
      },
    });
    for (const listener of loadedListeners) listener(client);
    loadedListeners.clear();
    return client;
  });
  return loading;
}
