import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { DOMAINS } from '#domain/questions/domains.ts';
import type { AppDeps } from '../lib/factory.ts';
import { seedQuestionBank } from '../features/questions/index.ts';
import { domains, profiles } from './schema/index.ts';

/** What seeding needs from the embedded auth provider to create the first system admin. */
export interface AuthAdmin {
  /** Creates a confirmed user, or returns the existing one with that e-mail. */
  ensureUser(input: { email: string; password: string; userMetadata: Record<string, unknown> }): Promise<{ id: string; created: boolean }>;
}

/** Idempotent: domains, the question bank and (on an empty database) a system admin. */
export async function seedDatabase(deps: AppDeps, authAdmin?: AuthAdmin): Promise<void> {
  const { db, env, logger } = deps;
  for (const d of DOMAINS) {
    await db
      .insert(domains)
      .values({ id: d.id, name: d.name, icon: d.icon, description: d.description, sortOrder: d.sortOrder })
      .onConflictDoUpdate({ target: domains.id, set: { name: d.name, icon: d.icon, description: d.description, sortOrder: d.sortOrder } });
  }
  await seedQuestionBank({ db });

  const existingAdmin = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'system_admin')).limit(1);
  if (existingAdmin.length > 0 || !authAdmin) {
    if (!authAdmin && existingAdmin.length === 0 && env.ADMIN_EMAIL) {
      logger.info(`hosted auth: ${env.ADMIN_EMAIL} becomes system admin on first sign-in`);
    }
    return;
  }
  const email = (env.ADMIN_EMAIL ?? 'admin@mvrsp.local').toLowerCase();
  const generated = !env.ADMIN_PASSWORD;
  const password = env.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url');
  const user = await authAdmin.ensureUser({ email, password, userMetadata: { firstName: 'System', lastName: 'Administrator' } });
  await db
    .insert(profiles)
    .values({ id: user.id, email, firstName: 'System', lastName: 'Administrator', role: 'system_admin', organizationId: null })
    .onConflictDoNothing();
  if (generated && user.created) {
    // The password never goes to the log (logs are shipped and kept); it goes to a file only this
    // OS user can read. warn, not info: a one-time notice the operator must see with LOG_LEVEL=warn.
    const file = writeFirstAdminPassword(env.DATA_DIR, email, password);
    logger.warn('created the first system admin; the generated password is in a file readable only by this user: delete it after the first sign-in', { email, file });
  } else {
    logger.info('system admin ready', { email });
  }
}

export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

function writeFirstAdminPassword(dataDir: string, email: string, password: string): string {
  const file = path.resolve(dataDir, FIRST_ADMIN_PASSWORD_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `MVRSP Assess first system admin\nE-mail: ${email}\nPassword: ${password}\n`, { mode: 0o600 });
  return file;
}
