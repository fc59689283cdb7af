// Hosted Supabase Auth mode, end to end in a real browser: the app runs with SUPABASE_URL set, so
// it mounts no /auth/v1 of its own and verifies tokens with the provider's JWKS. The provider is a
// second, separate server running our Supabase-compatible auth, behind a gateway that answers CORS
// for any site as hosted Supabase does. The browser signs up, signs in and accepts invitations
// there; the account is created at the provider first, then our server is called.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#domain/messages.ts';
import { profiles } from '#server/db/schema/organizations.ts';
import { buildServer, type BuiltServer } from '#server/compose.ts';
import { EMBEDDED_ANON_KEY } from '#server/features/config/config.routes.ts';
import { nodeSupabaseClient } from '../contract/contract-server.ts';
import { memoryMailer } from '../setup/app.ts';
import { testEnv } from '../setup/test-env.ts';
import { listenOnPortZero } from '../support/listen.ts';
import { collectErrors, HAS_CHROMIUM, shot, signIn, startHarness, type Harness } from './harness.ts';

const PASSWORD = 'Hosted-auth-pass-1';
const CORS_HEADERS = 'authorization, apikey, content-type, x-client-info, x-supabase-api-version';

/** The stand-in for a hosted Supabase project: its own server and database, reached through a CORS gateway. */
interface Provider {
  url: string;
  server: BuiltServer;
  close(): Promise<void>;
}

async function startProvider(): Promise<Provider> {
  const provider = await listenOnPortZero();
  const providerPort = provider.port;
  const gateway: Server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'access-control-allow-headers': CORS_HEADERS,
      'access-control-expose-headers': 'x-supabase-api-version',
      vary: 'Origin',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const upstream = request({ host: '127.0.0.1', port: providerPort, path: req.url, method: req.method, headers: req.headers }, (up) => {
      const headers = Object.fromEntries(Object.entries(up.headers).filter(([name]) => !name.startsWith('access-control-')));
      res.writeHead(up.statusCode ?? 502, { ...headers, ...cors });
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'mvrsp-hosted-'));
  // Its issuer is the gateway's address, as a hosted project's is its public URL.
  const server = await buildServer(testEnv({ DATA_DIR: dataDir, APP_URL: url, PORT: String(providerPort), AUTH_AUTOCONFIRM: 'true' }), { mailer: memoryMailer() });
  provider.bind(server.app);
  return {
    url,
    server,
    async close() {
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
      await provider.close();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!HAS_CHROMIUM)('hosted Supabase Auth (Chromium, separate auth provider)', () => {
  let provider: Provider;
  let h: Harness;
  const stamp = Date.now();
  const admin = { email: `hosted-admin-${stamp}@lab.test`, first: 'Hana', last: 'Hosted' };
  const orgName = 'Hosted Auth Laboratory';

  beforeAll(async () => {
    provider = await startProvider();
    h = await startHarness({ env: { SUPABASE_URL: provider.url, SUPABASE_ANON_KEY: EMBEDDED_ANON_KEY } });
  });
  afterAll(async () => {
    await h?.close();
    await provider?.close();
  });

  /** Signs in at the provider with the real supabase-js client: the account's id there (null: no such account). */
  const providerAccount = async (email: string, password = PASSWORD) => {
    const supabase = nodeSupabaseClient(provider.url);
    const { data } = await supabase.auth.signInWithPassword({ email, password });
    return data.user ? { id: data.user.id } : null;
  };
  const lastInvitePath = (email: string) => {
    const link = h.mail.filter((m) => m.to === email).at(-1)?.links?.[0];
    expect(link).toMatch(/\/invite\//);
    return new URL(link!).pathname;
  };
  const invite = async (email: string) => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    await signIn(page, admin.email, PASSWORD);
    await page.goto('/organization');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(MSG.inviteSent(email)).waitFor();
    await ctx.close();
    return lastInvitePath(email);
  };

  it('serves no auth endpoints of its own and points the browser at the provider', async () => {
    expect((await h.server.app.request('/auth/v1/settings')).status).toBe(404);
    const config = (await (await h.server.app.request('/api/config')).json()) as { supabaseUrl: string | null };
    expect(config.supabaseUrl).toBe(provider.url);
  });

  it('signs up an organization at the provider, signs in and invites a member who joins with a new provider account', async () => {
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const authCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/auth/v1/') && authCalls.push(new URL(r.url()).origin));

    await page.goto('/signup');
    await page.getByLabel('First name').fill(admin.first);
    await page.getByLabel('Last name').fill(admin.last);
    await page.getByLabel('Work email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Organization name').fill(orgName);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: MSG.accountCreatedTitle }).waitFor();
    await signIn(page, admin.email, PASSWORD);
    await page.getByTestId('header-identity').getByText(orgName).waitFor();
    // Every auth call went to the provider; the account lives there, with the same id as the profile.
    expect(authCalls.length).toBeGreaterThan(0);
    expect(new Set(authCalls)).toEqual(new Set([provider.url]));
    const account = await providerAccount(admin.email);
    expect(account).not.toBeNull();
    const [profile] = await h.server.deps.db.select().from(profiles).where(eq(profiles.email, admin.email));
    expect(profile).toMatchObject({ id: account!.id, role: 'org_admin' });
    await ctx.close();

    // The admin invites a newcomer; the newcomer accepts, which creates their provider account.
    const email = `hosted-newcomer-${stamp}@lab.test`;
    const invitePath = await invite(email);
    const mctx = await h.newContext();
    const mp = await mctx.newPage();
    const memberErrors = collectErrors(mp);
    await mp.goto(invitePath);
    await mp.getByRole('heading', { name: MSG.joinOrgTitle(orgName) }).waitFor();
    await mp.getByLabel('First name').fill('Nico');
    await mp.getByLabel('Last name').fill('Newcomer');
    await mp.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await mp.getByLabel('Confirm password').fill(PASSWORD);
    await shot(mp, 'hosted-invite-form');
    await mp.getByRole('button', { name: 'Accept Invitation' }).click();
    await mp.waitForURL('**/dashboard');
    await mp.getByTestId('header-identity').getByText('Nico Newcomer').waitFor();
    expect(await mp.getByRole('link', { name: 'Organization' }).count()).toBe(0); // a team member
    const member = await providerAccount(email);
    const [memberProfile] = await h.server.deps.db.select().from(profiles).where(eq(profiles.email, email));
    expect(memberProfile).toMatchObject({ id: member?.id, role: 'team_member' });
    // The session is the provider's: a reload keeps the member signed in.
    await mp.reload();
    await mp.getByTestId('header-identity').getByText(orgName).waitFor();
    expect(errors).toEqual([]);
    expect(memberErrors).toEqual([]);
    await mctx.close();
  });

  it('an invited address that already has a provider account signs in there and accepts with that session', async () => {
    // The account exists at the provider only (e.g. made for another app of the same project).
    const email = `hosted-existing-${stamp}@lab.test`;
    const supabase = nodeSupabaseClient(provider.url);
    const { error } = await supabase.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();

    const invitePath = await invite(email);
    const ctx = await h.newContext();
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    await page.goto(invitePath);
    await page.getByLabel('First name').fill('Erin');
    await page.getByLabel('Last name').fill('Existing');
    await page.getByLabel('Password', { exact: true }).fill('Some-other-pass-2');
    await page.getByLabel('Confirm password').fill('Some-other-pass-2');
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await page.getByText(MSG.inviteAccountExists(email)).waitFor();

    await page.getByRole('button', { name: MSG.inviteSignInToAccept }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`**${invitePath}`);
    await page.getByText(MSG.inviteSignedInAs(email)).waitFor();
    // The names typed before the sign-in detour are still there.
    expect(await page.getByLabel('First name').inputValue()).toBe('Erin');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Existing');
    await shot(page, 'hosted-invite-existing-signed-in');
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('header-identity').getByText(orgName).waitFor();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await shot(page, 'hosted-invite-existing-accepted', false);
    const [profile] = await h.server.deps.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile).toMatchObject({ id: (await providerAccount(email))?.id, firstName: 'Erin', lastName: 'Existing', role: 'team_member' });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
