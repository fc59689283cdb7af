import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from './lib/body-limit.ts';
import { cors } from 'hono/cors';
import { routePath } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import { handleError } from './lib/error-handler.ts';
import type { AppDeps, AppEnv } from './lib/factory.ts';
import { fromTrustedProxy } from './lib/client-ip.ts';
import { withLogContext } from './lib/logger.ts';
import { notFound } from './lib/app-error.ts';
import { accountApi } from './api/account.ts';
import { actionsApi } from './api/actions.ts';
import { adminApi } from './api/admin.ts';
import { assessmentsApi } from './api/assessments.ts';
import { authApi } from './api/auth.ts';
import { certificationsApi } from './api/certifications.ts';
import { contentApi } from './api/content.ts';
import { deadlinesApi } from './api/deadlines.ts';
import { domainsApi } from './api/domains.ts';
import { evidenceApi } from './api/evidence.ts';
import { organizationApi } from './api/organization.ts';
import { organizationsApi } from './api/organizations.ts';
import { questionsApi } from './api/questions.ts';
import { verifyRoutes } from './features/certifications/index.ts';
import { configRoutes } from './features/config/index.ts';
import { healthRoutes, metricsRoutes, readyRoutes } from './features/health/index.ts';
import { syncRoutes } from './features/sync/index.ts';
import { serveSpa } from './static.ts';

/**
 * Every /api route: one router per resource, each mounted once and declaring its own guards once
 * (server/api/<resource>.ts), so no router's middleware runs for another's routes. Its type is
 * what the SPA's typed client (`hc<ApiType>`) is built from, and server/app.routes.test.ts lists
 * every URL against a committed list. Public routers (health, ready, config, verify) have no
 * guards; /api/sync declares its own on each route (server/features/sync).
 */
export const api = new Hono<AppEnv>()
  .route('/health', healthRoutes)
  .route('/ready', readyRoutes)
  .route('/config', configRoutes)
  .route('/sync', syncRoutes)
  .route('/auth', authApi)
  .route('/account', accountApi)
  .route('/organization', organizationApi)
  .route('/organizations', organizationsApi)
  .route('/evidence', evidenceApi)
  .route('/questions', questionsApi)
  .route('/domains', domainsApi)
  .route('/content', contentApi)
  .route('/deadlines', deadlinesApi)
  .route('/assessments', assessmentsApi)
  .route('/admin', adminApi)
  .route('/certifications', certificationsApi)
  .route('/verify', verifyRoutes)
  .route('/', actionsApi);

export type ApiType = typeof api;

export interface AppOptions {
  /** The embedded Supabase-compatible provider, mounted at /auth/v1 when hosted Supabase is not configured. */
  authProvider?: Hono<AppEnv>;
  /** Built SPA (dist/); omitted in API-only tests. */
  staticDir?: string;
}

/**
 * Sets a header on the answer already made. Its headers are usually mutable (c.json, c.body); a
 * Response with immutable headers (e.g. Response.redirect) goes through c.header, which copies it.
 */
function setAnswerHeader(c: Context<AppEnv>, name: string, value: string, options?: { append: boolean }) {
  try {
    if (options?.append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, options);
  }
}

/** Composes the whole HTTP surface. Dependencies are injected, never imported. */
export function createApp(deps: AppDeps, opts: AppOptions = {}) {
  const connectSrc = ["'self'", deps.env.SUPABASE_URL].filter(Boolean).join(' ');
  const app = new Hono<AppEnv>();

  // The request id on every log line and in X-Request-Id. One a trusted proxy (TRUSTED_PROXIES)
  // forwards is kept, so a request can be followed through the load balancer's logs; a client's
  // own header is ignored, so nobody picks the id its log lines carry.
  app.use('*', async (c, next) => {
    const forwarded = c.req.header('x-request-id');
    const id = forwarded && /^[\w=-]{1,128}$/.test(forwarded) && fromTrustedProxy(c, deps.env.TRUSTED_PROXIES) ? forwarded : randomUUID();
    c.set('requestId', id);
    c.header('X-Request-Id', id);
    await next();
  });
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // Every line logged while this request is handled carries its id (server/lib/logger.ts), then one
  // access line and the request metrics. Only the matched route pattern is recorded, never the URL:
  // query strings carry tokens (/auth/v1/verify?token=...) and paths carry ids.
  app.use('*', async (c, next) => {
    const started = performance.now();
    deps.metrics.startRequest();
    await withLogContext({ requestId: c.var.requestId }, async () => {
      try {
        await next();
      } finally {
        const seconds = (performance.now() - started) / 1000;
        const route = routePath(c) || '*';
        const status = c.res.status; // a thrown error was already answered by app.onError (hono/compose)
        deps.metrics.observeRequest(c.req.method, route, status, seconds);
        deps.logger.info('request', { method: c.req.method, route, status, durationMs: Math.round(seconds * 10_000) / 10 });
        // A draining instance closes each connection after its answer instead of keeping it alive.
        if (deps.lifecycle.shuttingDown) setAnswerHeader(c, 'Connection', 'close');
      }
    });
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No 'unsafe-inline': React sets style props through the CSSOM, which CSP does not block.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: [connectSrc],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      xFrameOptions: 'DENY', // same as frame-ancestors 'none', for browsers that ignore CSP
      // A header a route set itself wins (e.g. Referrer-Policy: no-referrer on the /auth/v1/verify
      // redirect, whose URL carries a one-time token); these are the defaults for everything else.
      overwrite: false,
    }),
  );
  // CORS for the SPA's origin only. Preflights are hono's cors. For every other request hono's cors
  // sets Access-Control-Allow-Origin before next() and appends `Vary: Origin` after it with
  // c.header(), which rebuilds the answer (see setAnswerHeader); the same two headers are set here
  // on the answer's own headers.
  const corsPreflight = cors({ origin: deps.env.APP_URL, credentials: false, maxAge: 600 });
  app.use('/api/*', async (c, next) => {
    if (c.req.method === 'OPTIONS') return corsPreflight(c, next);
    if (c.req.header('origin') === deps.env.APP_URL) c.res.headers.set('Access-Control-Allow-Origin', deps.env.APP_URL);
    await next();
    setAnswerHeader(c, 'Vary', 'Origin', { append: true });
  });
  // API answers carry organization data (members' e-mails, answers, reports): never in the
  // browser's HTTP cache, where sign-out could not reach them (ADR 007). The service worker's own
  // cache of the reference routes is cleared on sign-out. A route's own Cache-Control wins.
  // Set on the answer's own headers: c.header() after next() would rebuild the answer around a
  // stream of its body (hono Context.header), which costs more CPU than the rest of a small answer.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) setAnswerHeader(c, 'Cache-Control', 'private, no-store');
  });
  // Small JSON bodies everywhere; upload routes set their own, larger limit (an answer only when it
  // is a multipart form carrying evidence files; a JSON answer stays small).
  const apiBodyLimit = bodyLimit({ maxSize: 256 * 1024 });
  app.use('/api/*', async (c, next) => {
    const multipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
    const answerWithFiles = multipart && /\/api\/assessments\/[^/]+\/responses$/.test(c.req.path);
    if (c.req.path.startsWith('/api/evidence') || answerWithFiles) return next();
    return apiBodyLimit(c, next);
  });

  if (opts.authProvider) app.route('/auth/v1', opts.authProvider);


  app.route('/api', api);
  app.all('/api/*', () => {
    throw notFound('No such API endpoint');
  });

  app.route('/metrics', metricsRoutes);

  if (opts.staticDir) serveSpa(app, opts.staticDir);

  app.onError(handleError);
  return app;
}
