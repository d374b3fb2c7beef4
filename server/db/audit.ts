/** The audit log: every change writes who, when, what entity and key, and the row before and after. */
import type { BulkAuditAction } from '../../contract/bulkCodes';
import type { Db } from './open';
import { auditLog } from './schema';

export interface AuditEntry {
  /** A user id, or `cli` / `system`. */
  actor: string;
  entity: string;
  entityKey: string;
  /** What was done, for entities with named actions (bulk lines). */
  action?: BulkAuditAction;
  /** The other rows of the same change (a split's new line, a merge's removed lines). */
  relatedKeys?: string[];
  before?: unknown;
  after?: unknown;
}

/** Rows per INSERT: an import audits tens of thousands of lines, and a statement takes at most 65 535 parameters. */
const AUDIT_CHUNK = 2000;

/** Call inside the transaction of the change, so that the change and its record stand or fall together. */
export async function audit(db: Db, ...entries: AuditEntry[]): Promise<void> {
  await auditAll(db, entries);
}

/** As audit, for a list too long to spread into arguments (an import). */
export async function auditAll(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += AUDIT_CHUNK) {
    await db.insert(auditLog).values(
      entries.slice(start, start + AUDIT_CHUNK).map((e) => ({
        actor: e.actor,
        entity: e.entity,
        entityKey: e.entityKey,
        action: e.action ?? null,
        relatedKeys: e.relatedKeys ?? null,
        before: e.before ?? null,
        after: e.after ?? null,
      })),
    );
  }
}
