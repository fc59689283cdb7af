// Sign-in throttling as supabase-js sees it: per-account lockout with backoff, and a per-IP budget.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD } from '#server/auth-provider/auth.limits.ts';
import { DB_DRIVERS } from '#tests/setup/test-env.ts';
import { fragmentOf, mailSettled, PASSWORD, signedUpClient, uniqueEmail } from './contract-helpers.ts';
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
    expect(locked.error?.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ (seconds?|minutes)\.$/);
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

  it('mails the owner when the account locks (one an hour), with a recovery link that lifts the lock', async () => {
    const { email } = await signedUpClient(server);
    const locks = () => server.mail.filter((m) => m.to === email && m.subject === 'Sign-in to your MVRSP Assess account is paused');
    for (let i = 0; i < 4; i++) await signIn(email, `Wrong-${i}`);
    await mailSettled(server);
    expect(locks()).toHaveLength(0);
    await signIn(email, 'Wrong-4');
    await mailSettled(server);
    expect(locks()).toHaveLength(1);
    // Locked again within the hour: no second mail.
    server.clock.advance(31_000);
    await signIn(email, 'Wrong-5');
    await mailSettled(server);
    expect(locks()).toHaveLength(1);
    expect((await signIn(email, PASSWORD)).error).toMatchObject({ code: 'over_request_rate_limit' });
    // The link opens a recovery session and lifts the lock.
    const res = await fetch(locks()[0]!.links![0]!, { redirect: 'manual' });
    const hash = fragmentOf(res.headers.get('location')!);
    expect(hash.get('type')).toBe('recovery');
    expect(res.headers.get('location')!.startsWith(`${server.baseUrl}/reset-password#`)).toBe(true);
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

  it('holds under 101 parallel password grants from 101 addresses: at most 5 guesses are checked', async () => {
    await server.close();
    // A proxy on loopback forwards for many clients, so the per-IP budget does not hide the account lock.
    server = await startContractServer(driver, { TRUSTED_PROXIES: '127.0.0.1' });
    const { email } = await signedUpClient(server);
    const grant = (password: string, i: number) =>
      server.fetch('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify({ email, password }),
      }).then(async (res) => ({ status: res.status, code: ((await res.json()) as { code?: string }).code }));
    const wrong = Array.from({ length: 100 }, (_, i) => grant(`Wrong-password-${i}`, i));
    const answers = await Promise.all([...wrong, grant(PASSWORD, 100)]);
    const checked = answers.filter((a) => a.code === 'invalid_credentials').length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);
    expect(answers.filter((a) => a.status === 429 && a.code === 'over_request_rate_limit')).toHaveLength(101 - checked);
    expect(answers.at(-1)).toEqual({ status: 429, code: 'over_request_rate_limit' });
    // The same holds for an address without an account (the counter is in the database, not per instance).
    const ghost = uniqueEmail('ghost');
    const ghostGrant = (i: number) =>
      server.fetch('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify({ email: ghost, password: PASSWORD }),
      }).then(async (res) => ((await res.json()) as { code?: string }).code);
    const ghostAnswers = await Promise.all(Array.from({ length: 50 }, (_, i) => ghostGrant(i)));
    expect(ghostAnswers.filter((c) => c === 'invalid_credentials').length).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);
  }, 120_000);
});

describe.each(DB_DRIVERS)('a lock set from elsewhere does not lock out the owner\'s usual client (%s)', (driver) => {
  let server: ContractServer;
  beforeEach(async () => {
    // A trusted proxy on loopback: requests without X-Forwarded-For are the owner's client (127.0.0.1),
    // the outsider's carry their own address.
    server = await startContractServer(driver, { TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterEach(async () => {
    await server.close();
  });

  const grant = (email: string, password: string, from?: string) =>
    server
      .fetch('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
        body: JSON.stringify({ email, password }),
      })
      .then(async (res) => ({ status: res.status, code: ((await res.json()) as { code?: string }).code }));
  const OUTSIDER = '198.51.100.7';
  const OWNER_NEW_DEVICE = '2001:db8:5::1';

  it('an outsider sending four wrong passwords an hour holds the lock only for clients the owner never signed in from', async () => {
    const { email } = await signedUpClient(server); // confirming signs in from the owner's client
    expect((await grant(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) expect(await grant(email, `Wrong-${i}`, OUTSIDER)).toMatchObject({ code: 'invalid_credentials' });
    expect(await grant(email, PASSWORD, OUTSIDER)).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(await grant(email, PASSWORD, OWNER_NEW_DEVICE)).toMatchObject({ status: 429 }); // a client never used: locked too

    for (let hour = 0; hour < 2; hour++) {
      for (let quarter = 0; quarter < 4; quarter++) {
        server.clock.advance(15 * 60_000 + 1_000);
        // The outsider re-locks with one wrong password as each lock ends...
        const again = await grant(email, `Wrong-again-${hour}-${quarter}`, OUTSIDER);
        expect(['invalid_credentials', 'over_request_rate_limit']).toContain(again.code);
        expect(await grant(email, PASSWORD, OWNER_NEW_DEVICE)).toMatchObject({ status: 429 });
        // ...and the owner's usual client still signs in; the lock stays for everyone else.
        expect(await grant(email, PASSWORD)).toMatchObject({ status: 200 });
        expect(await grant(email, PASSWORD, OUTSIDER)).toMatchObject({ status: 429 });
      }
    }
  });

  it('a recovery link used on a new device makes it a usual client: the outsider\'s next lock does not keep it out', async () => {
    const { email } = await signedUpClient(server);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) await grant(email, `Wrong-${i}`, OUTSIDER);
    expect(await grant(email, PASSWORD, OWNER_NEW_DEVICE)).toMatchObject({ status: 429 });
    await mailSettled(server);
    const lockMail = server.mail.filter((m) => m.to === email && m.subject === 'Sign-in to your MVRSP Assess account is paused').at(-1);
    const opened = await fetch(lockMail!.links![0]!, { redirect: 'manual', headers: { 'x-forwarded-for': OWNER_NEW_DEVICE } });
    expect(fragmentOf(opened.headers.get('location')!).get('type')).toBe('recovery');
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) await grant(email, `Again-${i}`, OUTSIDER);
    expect(await grant(email, PASSWORD, OUTSIDER)).toMatchObject({ status: 429 });
    expect(await grant(email, PASSWORD, OWNER_NEW_DEVICE)).toMatchObject({ status: 200 });
  });

  it('the usual client gets at most 5 checks per 15 minutes while the account is locked: brute force stays stopped', async () => {
    const { email } = await signedUpClient(server);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) await grant(email, `Wrong-${i}`, OUTSIDER);
    expect(await grant(email, PASSWORD, OUTSIDER)).toMatchObject({ status: 429 });
    // Someone at the owner's usual address guesses: 5 checks, then the lock applies to it as well.
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) expect(await grant(email, `Guess-${i}`)).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(await grant(email, PASSWORD)).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    // Parallel guesses from the usual client after its window: still at most 5 checked.
    server.clock.advance(15 * 60_000 + 1_000);
    await grant(email, 'Relock-1', OUTSIDER);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => grant(email, `Parallel-${i}`)));
    expect(answers.filter((a) => a.code === 'invalid_credentials').length).toBeLessThanOrEqual(LOCKOUT_THRESHOLD);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(20 - LOCKOUT_THRESHOLD);
  });
});
