// A real OpenID provider for the tests (oidc-provider) on loopback port 0, with one confidential
// client whose redirect URI is the server's callback. Its login is not what is tested: the
// interaction page signs in `user` at once (with the REFEDS MFA acr when `user.mfa`), and a grant
// for openid email profile is made on the spot, so a browser (or a cookie-keeping fetch) is sent
// straight back to the callback with a code.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

export interface OidcUser {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName: string;
  familyName: string;
  mfa?: boolean;
}

export interface OidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  user: OidcUser;
  close(): Promise<void>;
}

export async function startOidcIdp(redirectUri: string, user: OidcUser): Promise<OidcIdp> {
  const http: Server = createServer();
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const idp = { issuer, clientId: 'mvrsp-test', clientSecret: 'a-long-test-client-secret-0123456789abcdef', user } as OidcIdp;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const config: Configuration = {
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' } as never] },
    clients: [{ client_id: idp.clientId, client_secret: idp.clientSecret, redirect_uris: [redirectUri], response_types: ['code'], grant_types: ['authorization_code'] }],
    claims: { openid: ['sub', 'acr', 'amr'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    acrValues: ['https://refeds.org/profile/mfa', 'urn:mace:incommon:iap:silver'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: idp.user.email,
        email_verified: idp.user.emailVerified ?? true,
        given_name: idp.user.givenName,
        family_name: idp.user.familyName,
      }),
    }),
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'given_name', 'family_name', 'acr', 'amr']);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, config);
  const callback = provider.callback();
  http.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          await provider.interactionDetails(req, res);
          const mfa = idp.user.mfa === true;
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId: idp.user.sub, acr: mfa ? 'https://refeds.org/profile/mfa' : 'urn:mace:incommon:iap:silver', amr: mfa ? ['pwd', 'mfa'] : ['pwd'] } },
            { mergeWithLastSubmission: false },
          );
        } catch (err) {
          res.writeHead(500).end(String(err));
        }
      })();
      return;
    }
    callback(req, res);
  });
  idp.close = () => new Promise<void>((done) => http.close(() => done()));
  return idp;
}

/**
 * Follows redirects as a browser would (cookies per host kept), from `url` until a response sends
 * it to `stopAt`'s origin+path prefix; returns that Location (the SPA URL with the fragment).
 */
export async function browse(url: string, stopAt: string, init: RequestInit = {}): Promise<{ location: string; steps: string[] }> {
  const jar = new Map<string, Map<string, string>>();
  const steps: string[] = [];
  let next = url;
  let request: RequestInit = init;
  for (let i = 0; i < 20; i++) {
    if (next.startsWith(stopAt)) return { location: next, steps };
    steps.push(next);
    const host = new URL(next).host;
    const cookies = jar.get(host) ?? new Map<string, string>();
    const headers = new Headers(request.headers);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(next, { ...request, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    jar.set(host, cookies);
    const location = res.headers.get('location');
    if (!location) throw new Error(`no redirect from ${next}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    next = new URL(location, next).toString();
    request = {};
  }
  throw new Error('too many redirects');
}
