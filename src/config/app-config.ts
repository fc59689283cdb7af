// Runtime configuration from GET /api/config, cached for offline start-ups. Fetched through the
// one HTTP core (src/lib/http.ts, ADR 015) without a token: the config is public and is loaded
// before supabase-js exists. (Checked by hand rather than with zod to keep zod out of the
// first-route bundle.)
import { exchange, resultOf, type FetchLike } from '../lib/http.ts';

interface RawConfig {
  supabaseUrl: string | null;
  supabaseAnonKey: string;
  checkoutUrl: string;
  contactEmail: string;
  evidenceMaxMb: number;
}

function parseConfig(value: unknown): RawConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { supabaseUrl, supabaseAnonKey, checkoutUrl, contactEmail, evidenceMaxMb } = value as Record<string, unknown>;
  const ok =
    (supabaseUrl === null || typeof supabaseUrl === 'string') &&
    typeof supabaseAnonKey === 'string' &&
    supabaseAnonKey.length > 0 &&
    typeof checkoutUrl === 'string' &&
    typeof contactEmail === 'string' &&
    typeof evidenceMaxMb === 'number';
  return ok ? { supabaseUrl, supabaseAnonKey, checkoutUrl, contactEmail, evidenceMaxMb } : null;
}

export type AppConfig = RawConfig & {
  /** Where the auth provider lives: supabaseUrl, or this origin for the embedded provider. */
  authUrl: string;
};

export const CONFIG_CACHE_KEY = 'mvrsp.config';

/** Used only on a first start with no network and no cache: the embedded provider on this origin. */
const OFFLINE_DEFAULT = {
  supabaseUrl: null,
  supabaseAnonKey: 'mvrsp-embedded-anon-key',
  checkoutUrl: '',
  contactEmail: '',
  evidenceMaxMb: 25,
} satisfies RawConfig;

let current: AppConfig | null = null;

function withAuthUrl(raw: RawConfig): AppConfig {
  const authUrl = (raw.supabaseUrl ?? window.location.origin).replace(/\/+$/, '');
  return { ...raw, authUrl };
}

function readCache(): RawConfig | null {
  try {
    const text = localStorage.getItem(CONFIG_CACHE_KEY);
    if (!text) return null;
    return parseConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Loads the config once: network first, then the local cache, then embedded defaults. `fetch` replaces the transport (tests). */
export async function loadAppConfig(fetch?: FetchLike): Promise<AppConfig> {
  if (current) return current;
  let raw: RawConfig | null = null;
  const got = await exchange({ fetch }, '/api/config');
  const result = got.ok ? await resultOf(got.res) : got;
  if (result.ok) raw = parseConfig(result.value);
  if (raw) {
    try {
      localStorage.setItem(CONFIG_CACHE_KEY, JSON.stringify(raw));
    } catch {
      /* storage full or disabled: the network copy still works */
    }
  }
  // Offline or a refused answer: the cached copy, else the embedded defaults.
  current = withAuthUrl(raw ?? readCache() ?? OFFLINE_DEFAULT);
  return current;
}

/** The loaded config; main.tsx loads it before the first render. */
export function getAppConfig(): AppConfig {
  if (!current) throw new Error('App config not loaded yet (call loadAppConfig first)');
  return current;
}
