// Sign-in throttling as supabase-js sees it: per-account lockout with backoff, and a per-IP budget.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { PASSWORD, signedUpClient, uniqueEmail } from './contract-helpers.ts';
import { startContractServer, type ContractServer } from './contract-server.ts';

describe.each(DB_DRIVERS)('supabase-js sign-in throttling (%s)', (driver) => {
  let server: ContractServer;
  beforeEach(async () => {
    server = await startContractServer(driver);
  });
  afterEach(async () => {
    await server.close();
  });

  const signIn = (email: string, password: string) => server.client().auth.signInWithPassword({ email, password });

  it('locks an account after 5 failures, even for the right password, with a growing delay', async () => {
    const { email } = await signedUpClient(server);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(email, `Wrong-password-${i}`)).error).toMatchObject({ code: 'invalid_credentials', status: 400 });
    }
    const locked = await signIn(email, PASSWORD);
    expect(locked.error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
    expect(locked.error?.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ seconds\.$/);
    expect(locked.data.session).toBeNull();

    server.clock.advance(31_000);
    expect((await signIn(email, 'Wrong-password-again')).error).toMatchObject({ code: 'invalid_credentials' });
    server.clock.advance(31_000);
    // The sixth failure doubled the delay to 60 s.
    expect((await signIn(email, PASSWORD)).error).toMatchObject({ code: 'over_request_rate_limit' });
    server.clock.advance(30_000);
    const ok = await signIn(email, PASSWORD);
    expect(ok.error).toBeNull();
    // Success resets the counter: one more failure does not lock.
    expect((await signIn(email, 'Wrong-password-x')).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await signIn(email, PASSWORD)).error).toBeNull();
  });

  it('locks unknown addresses the same way, so lockout does not reveal accounts', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) expect((await signIn(ghost, PASSWORD)).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await signIn(ghost, PASSWORD)).error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
  });

  it('limits password sign-ins per client IP to 30 per 5 minutes', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await signIn(uniqueEmail(`ip${i}`), PASSWORD)).error).toMatchObject({ code: 'invalid_credentials' });
    }
    const limited = await signIn(uniqueEmail('ip-over'), PASSWORD);
    expect(limited.error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
    expect((await server.client().auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toMatchObject({
      code: 'over_request_rate_limit',
    });
    server.clock.advance(5 * 60_000 + 1_000);
    expect((await server.client().auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull();
  });
});
