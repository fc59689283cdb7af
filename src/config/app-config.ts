// Runtime configuration from GET /api/config, cached for offline start-ups.
// (Checked by hand rather than with zod to keep zod out of the first-route bundle.)

interface RawConfig {
  supabaseUrl: string | null;
  supabaseAnonKey: string;
  checkoutUrl: string;
  contactEmail: string;
  evidenceMaxMb: number;
}

function parseConfig(value: unknown): RawConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const ok =
    (v.supabaseUrl === null || typeof v.supabaseUrl === 'string') &&
    typeof v.supabaseAnonKey === 'string' &&
    v.supabaseAnonKey.length > 0 &&
    typeof v.checkoutUrl === 'string' &&
    typeof v.contactEmail === 'string' &&
    typeof v.evidenceMaxMb === 'number';
  if (!ok) return null;
  return {
    supabaseUrl: v.supabaseUrl as string | null,
    supabaseAnonKey: v.supabaseAnonKey as string,
    checkoutUrl: v.checkoutUrl as string,
    contactEmail: v.contactEmail as string,
    evidenceMaxMb: v.evidenceMaxMb as number,
  };
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

/** Loads the config once: network first, then the local cache, then embedded defaults. */
export async function loadAppConfig(fetcher: typeof fetch = fetch): Promise<AppConfig> {
  if (current) return current;
  let raw: RawConfig | null = null;
  try {
    const res = await fetcher('/api/config', { headers: { accept: 'application/json' } });
    if (res.ok) {
      raw = parseConfig(await res.json());
      if (raw) {
        try {
          localStorage.setItem(CONFIG_CACHE_KEY, JSON.stringify(raw));
        } catch {
          /* storage full or disabled: the network copy still works */
        }
      }
    }
  } catch {
    /* offline: fall back to the cache */
  }
  current = withAuthUrl(raw ?? readCache() ?? OFFLINE_DEFAULT);
  return current;
}

/** The loaded config; main.tsx loads it before the first render. */
export function getAppConfig(): AppConfig {
  if (!current) throw new Error('App config not loaded yet (call loadAppConfig first)');
  return current;
}
