/** The audit log: every change writes who, when, what entity and key, and the row before and after. */
import type { Db } from './open';
import { auditLog } from './schema';

export interface AuditEntry {
  /** A user id, or `cli` / `system`. */
  actor: string;
  entity: string;
  entityKey: string;
  before?: unknown;
  after?: unknown;
}

/** Call inside the transaction of the change, so that the change and its record stand or fall together. */
export async function audit(db: Db, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((e) => ({ actor: e.actor, entity: e.entity, entityKey: e.entityKey, before: e.before ?? null, after: e.after ?? null })),
  );
}
