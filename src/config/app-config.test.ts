import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const CONFIG = { supabaseUrl: null, supabaseAnonKey: 'anon', checkoutUrl: 'https://pay.example/x', contactEmail: 'sales@x.org', evidenceMaxMb: 25 };

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

// app-config keeps the loaded config in module state: load a fresh copy per test.
async function freshModule() {
  vi.resetModules();
  return import('./app-config.ts');
}

describe('runtime config (GET /api/config, cached for offline start-ups)', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage(), window: { location: { origin: 'http://127.0.0.1:3000' } } });
  });
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).localStorage;
    delete (globalThis as Record<string, unknown>).window;
  });

  it('loads from the server, caches it, and points auth at this origin when supabaseUrl is null', async () => {
    const { loadAppConfig, CONFIG_CACHE_KEY } = await freshModule();
    const fetcher = vi.fn(async () => new Response(JSON.stringify(CONFIG), { status: 200 }));
    const config = await loadAppConfig(fetcher as unknown as typeof fetch);
    expect(config).toMatchObject({ ...CONFIG, authUrl: 'http://127.0.0.1:3000' });
    expect(JSON.parse(localStorage.getItem(CONFIG_CACHE_KEY)!)).toEqual(CONFIG);
  });

  it('falls back to the cached copy when offline', async () => {
    localStorage.setItem('mvrsp.config', JSON.stringify({ ...CONFIG, supabaseUrl: 'https://abc.supabase.co/' }));
    const { loadAppConfig } = await freshModule();
    const config = await loadAppConfig((async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    expect(config.authUrl).toBe('https://abc.supabase.co');
    expect(config.checkoutUrl).toBe(CONFIG.checkoutUrl);
  });

  it('ignores a malformed answer and uses embedded defaults without a cache', async () => {
    const { loadAppConfig, getAppConfig } = await freshModule();
    await loadAppConfig((async () => new Response('{"nope":1}', { status: 200 })) as unknown as typeof fetch);
    expect(getAppConfig()).toMatchObject({ supabaseUrl: null, authUrl: 'http://127.0.0.1:3000', evidenceMaxMb: 25 });
  });
});
