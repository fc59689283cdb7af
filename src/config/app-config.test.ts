// The runtime config (GET /api/config) loaded through the one HTTP core (src/lib/http.ts) from the
// real Hono app, cached for offline start-ups.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/app.ts';
import type { FetchLike } from '../lib/http.ts';

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

const offline: FetchLike = async () => Promise.reject(new TypeError('Failed to fetch'));

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer('pglite', { CHECKOUT_URL: CONFIG.checkoutUrl, CONTACT_EMAIL: CONFIG.contactEmail });
});
afterAll(async () => {
  await server.close();
});

describe('runtime config (GET /api/config, cached for offline start-ups)', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage(), window: { location: { origin: 'http://127.0.0.1:3000' } } });
  });
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).localStorage;
    delete (globalThis as Record<string, unknown>).window;
  });

  it('loads from the server through the core, caches it, and points auth at this origin when supabaseUrl is null', async () => {
    const { loadAppConfig, CONFIG_CACHE_KEY } = await freshModule();
    const seen: Array<{ url: string; accept: string | null; authorization: string | null }> = [];
    const toServer: FetchLike = async (url, init) => {
      const headers = new Headers(init.headers);
      seen.push({ url, accept: headers.get('accept'), authorization: headers.get('authorization') });
      return server.app.request(url, init);
    };
    const config = await loadAppConfig(toServer);
    expect(seen).toEqual([{ url: '/api/config', accept: 'application/json', authorization: null }]);
    expect(config).toMatchObject({ supabaseUrl: null, checkoutUrl: CONFIG.checkoutUrl, contactEmail: CONFIG.contactEmail, authUrl: 'http://127.0.0.1:3000' });
    const cached = JSON.parse(localStorage.getItem(CONFIG_CACHE_KEY)!) as Record<string, unknown>;
    expect(cached).toEqual({ supabaseUrl: null, supabaseAnonKey: config.supabaseAnonKey, checkoutUrl: CONFIG.checkoutUrl, contactEmail: CONFIG.contactEmail, evidenceMaxMb: config.evidenceMaxMb });
  });

  it('falls back to the cached copy when offline', async () => {
    localStorage.setItem('mvrsp.config', JSON.stringify({ ...CONFIG, supabaseUrl: 'https://abc.supabase.co/' }));
    const { loadAppConfig } = await freshModule();
    const config = await loadAppConfig(offline);
    expect(config.authUrl).toBe('https://abc.supabase.co');
    expect(config.checkoutUrl).toBe(CONFIG.checkoutUrl);
  });

  it('falls back to the cached copy when the answer is not a 2xx (a proxy in front of the server)', async () => {
    localStorage.setItem('mvrsp.config', JSON.stringify(CONFIG));
    const { loadAppConfig } = await freshModule();
    const config = await loadAppConfig(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(config).toMatchObject({ ...CONFIG, authUrl: 'http://127.0.0.1:3000' });
  });

  it('ignores a malformed answer (a captive portal page) and uses embedded defaults without a cache', async () => {
    const { loadAppConfig, getAppConfig } = await freshModule();
    await loadAppConfig(async () => new Response('<html>Sign in to the Wi-Fi</html>', { status: 200 }));
    expect(getAppConfig()).toMatchObject({ supabaseUrl: null, authUrl: 'http://127.0.0.1:3000', evidenceMaxMb: 25 });
    expect(localStorage.getItem('mvrsp.config')).toBeNull();
  });
});
