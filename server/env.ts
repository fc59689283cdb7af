// The only module that reads process.env (lint-enforced). Parsed once with zod;
// a bad value stops start-up with one message naming every bad key.
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Unset, empty or blank all mean "not configured" (a copied .env.example has empty keys). This runs
 * before any key's own schema, so a blank key takes its default (or stays unset) like a missing one.
 */
const blankToUndefined = (source: unknown): unknown =>
  source !== null && typeof source === 'object'
    ? Object.fromEntries(Object.entries(source).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? undefined : v]))
    : source;

const trimmed = z
  .string()
  .optional()
  .transform((v) => v?.trim());

const optionalUrl = trimmed.pipe(z.url().optional());
const optionalString = trimmed;

/** One IP address or CIDR block (IPv4 or IPv6). */
const isAddressOrCidr = (entry: string) => {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
};

/** Comma-separated IPs/CIDRs of reverse proxies whose X-Forwarded-For is believed (see lib/client-ip.ts). */
const proxyList = trimmed
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []))
  .refine((list) => list.every(isAddressOrCidr), 'must be comma-separated IP addresses or CIDR blocks');

/**
 * AUTH_MFA_KEY: 32 random bytes in base64 or base64url (`openssl rand -base64 32`). Anything else,
 * or bytes with few distinct values (a repeated character, a short pattern), is refused.
 */
const mfaKey = trimmed.pipe(
  z
    .string()
    .regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
    .refine((v) => new Set(Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64')).size >= 16, 'is too weak: use 32 random bytes (openssl rand -base64 32)')
    .optional(),
);

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

export const envSchema = z.preprocess(
  blankToUndefined,
  z
    .object({
      NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
      PORT: z.coerce.number().int().min(0).max(65535).default(3000),
      HOST: z.string().trim().min(1).default('127.0.0.1'),
      APP_URL: optionalUrl,
      DATA_DIR: z.string().trim().min(1).default('./data'),
      DATABASE_URL: optionalUrl,
      SUPABASE_URL: optionalUrl,
      SUPABASE_ANON_KEY: optionalString,
      SUPABASE_JWT_SECRET: optionalString,
      SMTP_URL: optionalUrl,
      MAIL_FROM: z.string().trim().min(3).default('MVRSP Assess <no-reply@mvrsp.local>'),
      ADMIN_EMAIL: trimmed.pipe(z.email().optional()),
      ADMIN_USER_ID: trimmed.pipe(z.uuid().optional()),
      ADMIN_PASSWORD: trimmed.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
      CHECKOUT_URL: z.url().default('https://checkout.example.com/mvrsp-assess-annual'),
      CONTACT_EMAIL: z.email().default('sales@mvrsp.example.com'),
      EVIDENCE_MAX_MB: z.coerce.number().positive().max(1024).default(25),
      /**
       * The lease of one request working on an unfinished upload (/complete, a whole-file PUT), renewed
       * every third of it while the request works: after a crash a retry waits at most this long.
       */
      EVIDENCE_CLAIM_SECONDS: z.coerce.number().int().min(1).max(900).default(30),
      /**
       * Embedded auth: `true` confirms addresses at sign-up. Hosted Supabase: `true` declares that the
       * project's "Confirm email" is off, so ADMIN_USER_ID must name the system admin (below).
       */
      AUTH_AUTOCONFIRM: booleanFlag,
      /**
       * Embedded auth: the AES-256-GCM key sealing MFA (TOTP) secrets at rest
       * (server/auth-provider/auth.mfa-crypto.ts). Unset: a key made on first start and kept in the
       * database. Required in production on PostgreSQL, so a database dump alone reveals no secret.
       */
      AUTH_MFA_KEY: mfaKey,
      TRUSTED_PROXIES: proxyList,
      LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
      /** S3-compatible object storage for evidence files; unset = DATA_DIR/evidence on local disk. */
      S3_BUCKET: optionalString,
      /** Custom endpoint (MinIO, R2, a test server); unset = AWS for S3_REGION. */
      S3_ENDPOINT: optionalUrl,
      S3_REGION: z.string().trim().min(1).default('us-east-1'),
      /** Unset = the AWS SDK's default credential chain (instance roles, AWS_* variables). */
      S3_ACCESS_KEY_ID: optionalString,
      S3_SECRET_ACCESS_KEY: optionalString,
      S3_FORCE_PATH_STYLE: booleanFlag,
      /** Shared request budgets in Redis instead of PostgreSQL (redis://host:6379). */
      REDIS_URL: trimmed.pipe(z.url().optional()),
      /** Start of every budget key in Redis (`<prefix>:<rule>:<key>`): deployments sharing one Redis each set their own. */
      REDIS_KEY_PREFIX: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
        .default('mvrsp:budget'),
      /** Bearer token for GET /metrics (Prometheus); unset = /metrics answers 404. */
      METRICS_TOKEN: trimmed.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
      /**
       * Test-only: log2 of scrypt's N for new password hashes of the embedded auth provider
       * (auth.passwords.ts; unset = the full cost, 15). Tests set a low value so that each made-up user
       * costs microseconds instead of tens of milliseconds; refused unless NODE_ENV=test with embedded
       * auth, so no deployment can store weak hashes.
       */
      TEST_PASSWORD_HASH_LOG2N: z.coerce.number().int().min(1).max(15).optional(),
    })
    .superRefine((env, ctx) => {
      if (env.SUPABASE_URL && !env.SUPABASE_ANON_KEY) {
        ctx.addIssue({ code: 'custom', path: ['SUPABASE_ANON_KEY'], message: 'is required when SUPABASE_URL is set' });
      }
      // Without e-mail confirmation anyone can sign up at the hosted project with ADMIN_EMAIL's address
      // and receive a confirmed account, so only the admin's user id can grant system admin
      // (server/features/accounts/provisioning.service.ts).
      if (env.SUPABASE_URL && env.AUTH_AUTOCONFIRM && !env.ADMIN_USER_ID) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_USER_ID'],
          message: 'is required when SUPABASE_URL is set and AUTH_AUTOCONFIRM is true (without e-mail confirmation an address proves nothing)',
        });
      }
      if (env.TEST_PASSWORD_HASH_LOG2N !== undefined && (env.NODE_ENV !== 'test' || env.SUPABASE_URL)) {
        ctx.addIssue({
          code: 'custom',
          path: ['TEST_PASSWORD_HASH_LOG2N'],
          message: 'weakens password hashing and is only accepted with NODE_ENV=test and the embedded auth provider (unset it)',
        });
      }
      if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SUPABASE_URL && !env.AUTH_MFA_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['AUTH_MFA_KEY'],
          message: 'is required in production with DATABASE_URL and the embedded auth provider (openssl rand -base64 32): it keeps MFA secrets unreadable in a database dump',
        });
      }
      if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
        ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together' });
      }
    }),
);

export type Env = z.infer<typeof envSchema> & { APP_URL: string };

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses an environment (process.env by default); throws EnvError listing every bad key. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const env = result.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, APP_URL: appUrl };
}
