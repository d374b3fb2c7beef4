/** The audit log: every change writes who, when, what entity and key, and the row before and after. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BulkAuditAction } from '../../contract/packing/codes';
import type { Db } from './open';
import { auditLog, users } from './schema';

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
  /** When, if not now: demo data is back-dated, and its record must say the same time as the row. */
  at?: string;
}

/** Entries per INSERT. A chunk goes as one JSON parameter, expanded by the database: building a statement of
 * thousands of parameters, or escaping thousands of JSON texts into array literals, costs more than the rows. */
const AUDIT_CHUNK = 5000;

/** Call inside the transaction of the change, so that the change and its record stand or fall together. */
export async function audit(db: Db, ...entries: AuditEntry[]): Promise<void> {
  await auditAll(db, entries);
}

/** As audit, for a list too long to spread into arguments (an import writes one row per line). */
export async function auditAll(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += AUDIT_CHUNK) {
    await db.execute(auditInsert(entries.slice(start, start + AUDIT_CHUNK)));
  }
}

/**
 * The INSERT of `entries` as SQL, written only where `when` holds: a part of a larger statement (a CTE) whose
 * record must stand or fall with the rest of it.
 */
export function auditInsert(entries: readonly AuditEntry[], when?: SQL): SQL {
  return auditInsertOf(JSON.stringify(entries), when);
}

/** As auditInsert, of the entries' JSON as given: text, or the placeholder of a statement built once. */
export function auditInsertOf(entriesJson: unknown, when?: SQL): SQL {
  return sql`
    insert into ${auditLog} (actor, entity, entity_key, action, related_keys, before, after, at)
    select entry->>'actor', entry->>'entity', entry->>'entityKey', entry->>'action',
      case when entry ? 'relatedKeys' then array(select jsonb_array_elements_text(entry->'relatedKeys')) end,
      nullif(entry->'before', 'null'::jsonb), nullif(entry->'after', 'null'::jsonb),
      coalesce((entry->>'at')::timestamptz, now())
    from jsonb_array_elements(${entriesJson}::jsonb) as entry${when ? sql` where ${when}` : sql``}`;
}

/** Actors that are not users: changes made by the admin command line or the server itself. */
const systemActorNames: Record<string, string> = { cli: '管理命令', system: '系统' };

/**
 * The entries of one row, newest first, with the actor's real name; the caller checks who may read them. `page`
 * answers one page of them (the index on entity, key and time reads only that page).
 */
export async function auditHistory(db: Db, entity: string, key: string, page?: { current: number; pageSize: number }) {
  const query = db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actor: auditLog.actor,
      actorName: users.realName,
      before: auditLog.before,
      after: auditLog.after,
      relatedKeys: auditLog.relatedKeys,
    })
    .from(auditLog)
    .leftJoin(users, sql`${users.id}::text = ${auditLog.actor}`)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityKey, key)))
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  const rows = page ? await query.limit(page.pageSize).offset((page.current - 1) * page.pageSize) : await query;
  return rows.map((row) => ({
    id: String(row.id),
    at: row.at.toISOString(),
    action: row.action ?? 'update',
    actor: row.actor,
    actorName: row.actorName ?? systemActorNames[row.actor] ?? row.actor,
    before: row.before,
    after: row.after,
    ...(row.relatedKeys?.length ? { relatedKeys: row.relatedKeys } : {}),
  }));
}

/** How many entries one row has. */
export async function auditCount(db: Db, entity: string, key: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityKey, key)));
  return row.n;
}

/** The row's status moves from its audit, oldest first: who moved it, when, from what to what. */
export async function statusHistory<S extends string>(db: Db, entity: string, key: string) {
  const statusOf = (value: unknown) => ((value as { status?: S } | null)?.status ?? null) as S | null;
  return (await auditHistory(db, entity, key))
    .reverse()
    .filter((entry) => statusOf(entry.after) !== null && statusOf(entry.after) !== statusOf(entry.before))
    .map((entry) => ({ at: entry.at, actorName: entry.actorName, from: statusOf(entry.before), to: statusOf(entry.after) as S }));
}
