import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/factory.ts';
import { writeAudit } from '../../lib/audit.ts';
import { errorForLog } from '../../lib/logger.ts';
import type { AuthContext } from '../auth.context.ts';
import { AuthError } from '../auth.errors.ts';
import { safeRedirect } from '../auth.email-links.ts';
import { parseWith, readJsonBody } from '../auth.http.ts';
import { AUTH_LIMITS } from '../auth.limits.ts';
import { throttleIp } from '../auth.throttle.ts';
import { SSO_MSG, SsoRefusal } from './sso.errors.ts';
import { finishOidc, startOidc } from './sso.oidc.ts';
import { finishSaml, samlSpMetadata, startSaml } from './sso.saml.ts';
import { clientInfo } from '../auth.audit.ts';
import { completeSsoSignIn, type VerifiedIdentity } from './sso.sign-in.ts';
import { consumeState, createState, findProvider, normalizeDomain, providerForDomain, providerHasApprovedDomain, type SsoProviderRow } from './sso.store.ts';
import type { SsoHooks } from './sso.types.ts';
import type { SessionJson } from '../auth.sessions.ts';

/** GoTrue's POST /sso body as supabase-js signInWithSSO sends it. */
const ssoBody = z.object({
  domain: z.string().max(253).optional(),
  provider_id: z.string().max(64).optional(),
  redirect_to: z.string().max(2000).nullish(),
  skip_http_redirect: z.boolean().optional(),
  code_challenge: z.string().max(200).nullish(),
  code_challenge_method: z.string().max(20).nullish(),
  gotrue_meta_security: z.object({ captcha_token: z.string().max(4000).optional() }).optional(),
});

const notFound = () => new AuthError(404, 'sso_provider_not_found', 'No SSO provider assigned for this domain');

/** The SPA's own login page, where a refusal without a known redirect lands. */
const loginPage = (ctx: AuthContext) => new URL('/login', ctx.env.APP_URL).toString();

/**
 * Single sign-on (ADR 043): POST /sso (supabase-js signInWithSSO) answers `{ url }` to the
 * organization's identity provider; the provider answers at the SAML ACS or the OIDC callback,
 * which redirect to the SPA with the session in the fragment (implicit flow, as /verify does) or
 * GoTrue's error fragment. Every refusal is written to the audit log (`sso.refused`).
 */
export const ssoRoutes = (ctx: AuthContext, hooks: SsoHooks | undefined) => {
  const refuse = async (c: Context<AppEnv>, redirectTo: string, err: unknown) => {
    const refusal =
      err instanceof SsoRefusal ? err : new SsoRefusal('sso_failed', SSO_MSG.assertionInvalid, { detail: err instanceof Error ? err.message.slice(0, 300) : 'unknown' });
    if (!(err instanceof SsoRefusal)) ctx.logger.warn('sso sign-in failed', { error: errorForLog(err) });
    await writeAudit(ctx.db, {
      actorId: null,
      organizationId: refusal.where.organizationId ?? null,
      action: 'sso.refused',
      targetType: 'organization',
      targetId: refusal.where.organizationId ?? null,
      before: null,
      after: { code: refusal.code, providerId: refusal.where.providerId ?? null, detail: refusal.where.detail ?? null },
    }).catch((e: unknown) => ctx.logger.error('sso audit failed', { error: errorForLog(e) }));
    ctx.logger.info('sso refused', { code: refusal.code, providerId: refusal.where.providerId });
    const fragment = new URLSearchParams({ error: 'access_denied', error_code: refusal.code, error_description: refusal.message });
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${redirectTo}#${fragment.toString()}`, 303);
  };

  const signedIn = (c: Context<AppEnv>, redirectTo: string, session: SessionJson) => {
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      provider_token: '',
      type: 'sso',
    });
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${redirectTo}#${fragment.toString()}`, 303);
  };

  /** Uses the state once and finishes with the provider's answer; every failure is a refusal redirect. */
  const finish = async (c: Context<AppEnv>, state: string, verify: (provider: SsoProviderRow, row: NonNullable<Awaited<ReturnType<typeof consumeState>>>) => Promise<VerifiedIdentity>, method: 'sso/saml' | 'oauth') => {
    const row = await consumeState(ctx.db, state, ctx.now());
    if (!row) return refuse(c, loginPage(ctx), new SsoRefusal('sso_state_invalid', SSO_MSG.stateInvalid));
    const provider = await findProvider(ctx.db, row.providerId);
    if (!provider) return refuse(c, row.redirectTo, new SsoRefusal('sso_state_invalid', SSO_MSG.stateInvalid));
    try {
      const who = await verify(provider, row);
      return signedIn(c, row.redirectTo, await completeSsoSignIn(ctx, hooks, provider, who, method, clientInfo(c)));
    } catch (err) {
      return refuse(c, row.redirectTo, err instanceof SsoRefusal ? err : new SsoRefusal('sso_failed', SSO_MSG.assertionInvalid, { organizationId: provider.organizationId, providerId: provider.id, detail: err instanceof Error ? err.message.slice(0, 300) : 'unknown' }));
    }
  };

  return new Hono<AppEnv>()
    .post('/sso', async (c) => {
      await throttleIp(ctx, c, AUTH_LIMITS.ssoPerIp);
      const body = parseWith(ssoBody, await readJsonBody(c));
      if (body.code_challenge) throw new AuthError(400, 'validation_failed', 'PKCE is not supported by this server; use the implicit flow');
      let provider: SsoProviderRow | null = null;
      if (body.provider_id) {
        provider = /^[0-9a-f-]{36}$/i.test(body.provider_id) ? await findProvider(ctx.db, body.provider_id.toLowerCase()) : null;
      } else if (body.domain) {
        const domain = normalizeDomain(body.domain);
        provider = domain ? await providerForDomain(ctx.db, domain) : null;
      } else {
        throw new AuthError(400, 'validation_failed', 'A domain or provider_id is required');
      }
      // A provider without an approved domain routes nobody, by id either.
      if (!provider || (body.provider_id && !(await providerHasApprovedDomain(ctx.db, provider.id)))) throw notFound();
      const redirectTo = safeRedirect(ctx.env.APP_URL, body.redirect_to ?? undefined);
      const now = ctx.now();
      const p = provider;
      const url =
        p.kind === 'saml'
          ? await startSaml(ctx, p, (requestId) => createState(ctx.db, now, { providerId: p.id, redirectTo, nonce: requestId }))
          : await startOidc(ctx, p, (nonce, codeVerifier) => createState(ctx.db, now, { providerId: p.id, redirectTo, nonce, codeVerifier })).catch((err: unknown) => {
              ctx.logger.warn('oidc discovery failed', { providerId: p.id, error: errorForLog(err) });
              throw new AuthError(502, 'sso_provider_unreachable', 'The identity provider could not be reached. Please try again later.');
            });
      if (body.skip_http_redirect === false) return c.redirect(url, 303);
      return c.json({ url }, 200);
    })
    .get('/sso/saml/metadata', (c) => {
      c.header('Content-Type', 'application/samlmetadata+xml; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=600');
      return c.body(samlSpMetadata(ctx), 200);
    })
    .post('/sso/saml/acs', async (c) => {
      await throttleIp(ctx, c, AUTH_LIMITS.ssoPerIp);
      let form: Record<string, unknown>;
      try {
        form = await c.req.parseBody();
      } catch {
        return refuse(c, loginPage(ctx), new SsoRefusal('sso_assertion_invalid', SSO_MSG.assertionInvalid, { detail: 'unreadable form' }));
      }
      const samlResponse = typeof form.SAMLResponse === 'string' ? form.SAMLResponse : '';
      const relayState = typeof form.RelayState === 'string' ? form.RelayState : '';
      if (!samlResponse || !/^[A-Za-z0-9+/=\r\n]+$/.test(samlResponse)) {
        return refuse(c, loginPage(ctx), new SsoRefusal('sso_assertion_invalid', SSO_MSG.assertionInvalid, { detail: 'no SAMLResponse' }));
      }
      return finish(c, relayState, (provider, row) => {
        if (provider.kind !== 'saml') throw new SsoRefusal('sso_state_invalid', SSO_MSG.stateInvalid);
        return finishSaml(ctx, provider, row, samlResponse);
      }, 'sso/saml');
    })
    .get('/sso/oidc/callback', async (c) => {
      await throttleIp(ctx, c, AUTH_LIMITS.ssoPerIp);
      const query = new URL(c.req.url).searchParams;
      const state = query.get('state') ?? '';
      if (query.get('error')) {
        const row = await consumeState(ctx.db, state, ctx.now());
        const provider = row ? await findProvider(ctx.db, row.providerId) : null;
        return refuse(c, row?.redirectTo ?? loginPage(ctx), new SsoRefusal('sso_idp_error', SSO_MSG.idpError, { organizationId: provider?.organizationId, providerId: provider?.id, detail: (query.get('error') ?? '').slice(0, 100) }));
      }
      return finish(c, state, (provider, row) => {
        if (provider.kind !== 'oidc') throw new SsoRefusal('sso_state_invalid', SSO_MSG.stateInvalid);
        return finishOidc(ctx, provider, state, row, query);
      }, 'oauth');
    });
};
