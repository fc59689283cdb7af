import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('needs nothing for a local start', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATA_DIR).toBe('./data');
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SUPABASE_URL).toBeUndefined();
    expect(env.EVIDENCE_MAX_MB).toBe(25);
  });

  it('treats empty strings as unset, as in a copied .env.example', () => {
    const env = loadEnv({ DATABASE_URL: '', SUPABASE_URL: '', SMTP_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', APP_URL: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.APP_URL).toBe('http://localhost:3000');
  });

  it('gives blank keys that have a default their default, not 0 or an error', () => {
    const keys = ['NODE_ENV', 'PORT', 'HOST', 'DATA_DIR', 'MAIL_FROM', 'CHECKOUT_URL', 'CONTACT_EMAIL', 'EVIDENCE_MAX_MB', 'LOG_LEVEL'];
    const defaults = loadEnv({});
    for (const value of ['', '   ']) {
      const env = loadEnv(Object.fromEntries(keys.map((k) => [k, value])));
      for (const key of keys) expect(env[key as keyof typeof env], key).toEqual(defaults[key as keyof typeof defaults]);
      expect(env.PORT).toBe(3000);
      expect(env.APP_URL).toBe('http://localhost:3000');
    }
  });

  it('treats a whitespace-only optional key as unset', () => {
    const env = loadEnv({ DATABASE_URL: '  ', SUPABASE_URL: '\t', SUPABASE_ANON_KEY: ' ', ADMIN_PASSWORD: '  ' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SUPABASE_URL).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });

  it('still rejects a set but invalid value next to blank ones', () => {
    expect(() => loadEnv({ PORT: '', HOST: '', CHECKOUT_URL: 'not a url' })).toThrow(/CHECKOUT_URL/);
  });

  it('derives APP_URL from PORT and strips a trailing slash from an explicit one', () => {
    expect(loadEnv({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
    expect(loadEnv({ APP_URL: 'https://assess.example.org/' }).APP_URL).toBe('https://assess.example.org');
  });

  it('names every bad key in one error', () => {
    let caught: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'not a url', ADMIN_EMAIL: 'nobody', EVIDENCE_MAX_MB: '-3' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const message = (caught as EnvError).message;
    for (const key of ['PORT', 'DATABASE_URL', 'ADMIN_EMAIL', 'EVIDENCE_MAX_MB']) expect(message).toContain(key);
    expect((caught as EnvError).issues).toHaveLength(4);
  });

  it('requires the anon key with hosted Supabase', () => {
    expect(() => loadEnv({ SUPABASE_URL: 'https://abc.supabase.co' })).toThrow(/SUPABASE_ANON_KEY/);
    expect(loadEnv({ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'anon' }).SUPABASE_URL).toBe(
      'https://abc.supabase.co',
    );
  });

  it('refuses hosted Supabase without e-mail confirmation unless ADMIN_USER_ID names the admin', () => {
    const hosted = { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'anon', AUTH_AUTOCONFIRM: 'true', ADMIN_EMAIL: 'admin@example.org' };
    expect(() => loadEnv(hosted)).toThrow(EnvError);
    expect(() => loadEnv(hosted)).toThrow(/ADMIN_USER_ID: is required when SUPABASE_URL is set and AUTH_AUTOCONFIRM is true/);
    expect(() => loadEnv({ ...hosted, ADMIN_EMAIL: '' })).toThrow(/ADMIN_USER_ID/);
    const id = '4f1c2a8e-9a51-4f7e-8d43-2b7a1c0e9f10';
    expect(loadEnv({ ...hosted, ADMIN_USER_ID: id }).ADMIN_USER_ID).toBe(id);
    // Confirmation on (the default), or the embedded provider (it seeds the admin itself): no ADMIN_USER_ID needed.
    expect(loadEnv({ ...hosted, AUTH_AUTOCONFIRM: 'false' }).ADMIN_USER_ID).toBeUndefined();
    expect(loadEnv({ AUTH_AUTOCONFIRM: 'true', ADMIN_EMAIL: 'admin@example.org' }).AUTH_AUTOCONFIRM).toBe(true);
  });

  it('refuses a short admin password', () => {
    expect(() => loadEnv({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('takes the Redis key prefix from REDIS_KEY_PREFIX (default mvrsp:budget), one token of printable ASCII', () => {
    expect(loadEnv({}).REDIS_KEY_PREFIX).toBe('mvrsp:budget');
    expect(loadEnv({ REDIS_KEY_PREFIX: ' ' }).REDIS_KEY_PREFIX).toBe('mvrsp:budget');
    expect(loadEnv({ REDIS_KEY_PREFIX: ' staging:assess ' }).REDIS_KEY_PREFIX).toBe('staging:assess');
    expect(() => loadEnv({ REDIS_KEY_PREFIX: 'two words' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => loadEnv({ REDIS_KEY_PREFIX: 'x'.repeat(101) })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it('takes AUTH_MFA_KEY only as 32 random bytes, and requires it in production on PostgreSQL with embedded auth', () => {
    const strong = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString('base64');
    expect(loadEnv({ AUTH_MFA_KEY: strong }).AUTH_MFA_KEY).toBe(strong);
    expect(loadEnv({ AUTH_MFA_KEY: Buffer.from(strong, 'base64').toString('base64url') }).AUTH_MFA_KEY).toBeDefined();
    expect(() => loadEnv({ AUTH_MFA_KEY: 'secret' })).toThrow(/AUTH_MFA_KEY: must be 32 random bytes/);
    expect(() => loadEnv({ AUTH_MFA_KEY: Buffer.alloc(32, 'a').toString('base64') })).toThrow(/AUTH_MFA_KEY: is too weak/);
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.internal/assess' };
    expect(() => loadEnv(production)).toThrow(/AUTH_MFA_KEY: is required in production/);
    expect(loadEnv({ ...production, AUTH_MFA_KEY: strong }).AUTH_MFA_KEY).toBe(strong);
    expect(loadEnv({ NODE_ENV: 'production' }).AUTH_MFA_KEY).toBeUndefined(); // PGlite: `npm start` on a laptop
    expect(loadEnv({ ...production, SUPABASE_URL: 'https://project.supabase.co', SUPABASE_ANON_KEY: 'anon' }).AUTH_MFA_KEY).toBeUndefined();
  });

  it('accepts the test-only password-hash cost only with NODE_ENV=test and embedded auth, and refuses it in production', () => {
    expect(loadEnv({}).TEST_PASSWORD_HASH_LOG2N).toBeUndefined();
    expect(loadEnv({ NODE_ENV: 'test', TEST_PASSWORD_HASH_LOG2N: '4' }).TEST_PASSWORD_HASH_LOG2N).toBe(4);
    const refused = (source: Record<string, string>) => {
      try {
        loadEnv(source);
      } catch (err) {
        return err instanceof EnvError && err.issues.some((i) => i.startsWith('TEST_PASSWORD_HASH_LOG2N: weakens password hashing'));
      }
      return false;
    };
    expect(refused({ NODE_ENV: 'production', TEST_PASSWORD_HASH_LOG2N: '4' })).toBe(true);
    expect(refused({ TEST_PASSWORD_HASH_LOG2N: '4' })).toBe(true); // NODE_ENV defaults to development
    const hosted = { NODE_ENV: 'test', SUPABASE_URL: 'https://project.supabase.co', SUPABASE_ANON_KEY: 'anon' };
    expect(refused({ ...hosted, TEST_PASSWORD_HASH_LOG2N: '4' })).toBe(true);
    expect(() => loadEnv({ NODE_ENV: 'test', TEST_PASSWORD_HASH_LOG2N: '16' })).toThrow(/TEST_PASSWORD_HASH_LOG2N/);
  });
});
