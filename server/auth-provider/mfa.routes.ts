import { Hono } from 'hono';
import type { AppEnv } from '../lib/factory.ts';
import type { AuthContext } from './auth.context.ts';
import { parseWith, readJsonBody } from './auth.http.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './auth.mfa.ts';
import { enrollFactorBody, verifyFactorBody, verifyWebauthnBody } from './auth.schemas.ts';
import { verifyAccessToken } from './auth.verifier.ts';
import { bearer } from './user.routes.ts';
import { clientInfo } from './auth.audit.ts';

/** GoTrue's /factors routes (internal/api/api.go): every call needs the user's access token. */
export const mfaRoutes = (ctx: AuthContext) =>
  new Hono<AppEnv>()
    .post('/factors', async (c) => {
      const access = await verifyAccessToken(ctx, bearer(c));
      const body = parseWith(enrollFactorBody, await readJsonBody(c));
      return c.json(await enrollFactor(ctx, access, body), 200);
    })
    .post('/factors/:id/challenge', async (c) => {
      const access = await verifyAccessToken(ctx, bearer(c));
      return c.json(await challengeFactor(ctx, access, c.req.param('id')), 200);
    })
    .post('/factors/:id/verify', async (c) => {
      const access = await verifyAccessToken(ctx, bearer(c));
      const raw = await readJsonBody(c);
      // A body with `webauthn` is a WebAuthn credential (supabase-js sends `code` otherwise).
      const proof = 'webauthn' in raw ? parseWith(verifyWebauthnBody, raw) : parseWith(verifyFactorBody, raw);
      return c.json(await verifyFactor(ctx, access, c.req.param('id'), proof.challenge_id, proof, clientInfo(c)), 200);
    })
    .delete('/factors/:id', async (c) => {
      const access = await verifyAccessToken(ctx, bearer(c));
      return c.json(await unenrollFactor(ctx, access, c.req.param('id'), clientInfo(c)), 200);
    });
