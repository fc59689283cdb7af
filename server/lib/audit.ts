// The admin audit log's write side: who did what, when, with the before and after state, written
// in the same transaction as the change it records (system admin actions, join-request decisions).
// Read back by system admins through server/features/admin/audit.service.ts.
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** A database handle or an open transaction. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditEntry {
  /** Null: the platform acted (a session policy, a detected token reuse, an unknown address) or nobody signed in (a refused single sign-on). */
  actorId: string | null;
  action: string;
  targetType: 'organization' | 'user' | 'question' | 'questionnaire' | 'evidence' | 'assessment';
  targetId: string | null;
  organizationId?: string | null;
  before: unknown;
  after: unknown;
}

const encode = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    organizationId: entry.organizationId ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: encode(entry.before),
    after: encode(entry.after),
  });
}
