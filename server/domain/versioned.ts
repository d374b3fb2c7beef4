/**
 * The versioned change of business rows, for every resource: lock the rows a caller may change (404 for a key
 * that is missing or not theirs, alike), hold the versions the client read against them (409), then write each
 * change with version + 1 and its audit entry (before/after as the API shows the row) in the caller's
 * transaction. Rows are locked in key order, so two calls on overlapping keys cannot deadlock.
 */
import { and, asc, eq, getTableColumns, inArray, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { firstStale } from '../../contract/shared/common';
import { RuleError } from '../../contract/shared/ruleError';
import { audit, auditAll, auditInsertOf } from '../db/audit';
import type { Db } from '../db/open';
import { runNamed, type Params } from '../db/statements';
import type { BulkAuditAction } from '../../contract/packing/codes';
import type { SessionUser } from '../auth/sessionUser';
import { ownRows } from './ownership';

type Columns = { key: PgColumn; owner: PgColumn; ownerCompany: PgColumn; version: PgColumn; updatedAt: PgColumn };
export type VersionedTable = PgTable & Columns;

export interface VersionedSpec<T extends VersionedTable, A> {
  table: T;
  /** The audit log's entity name. */
  entity: string;
  /** What a row is called in messages: `验针记录`, `明细`. */
  label: string;
  /** The row as the API shows it: the audit's before and after. */
  toApi: (row: InferSelectModel<T>) => A;
}

export interface Versioned<T extends VersionedTable> {
  /** The audit log's entity name. */
  entity: string;
  /**
   * The rows of `keys`, locked for the transaction, in the order asked; `scope` limits them to the rows that caller
   * owns (their company's: a caller who changes only their own). Any key missing → 404 naming only the keys asked for. A hot path
   * asks for it `prepared`: a statement named after its shape, parsed once per connection.
   */
  lock(tx: Db, keys: readonly string[], scope?: SessionUser, options?: { prepared?: boolean }): Promise<InferSelectModel<T>[]>;
  /** 409 VERSION_CONFLICT when the client sent no version or a stale one for a row. */
  assertVersions(rows: readonly { key: string; version: number }[], versions: Readonly<Record<string, number>>): void;
  /** Writes `changes` to the locked row with version + 1 and its audit entry; answers the row after. */
  change(
    tx: Db,
    actor: string,
    row: InferSelectModel<T>,
    changes: Partial<InferSelectModel<T>>,
    action?: BulkAuditAction,
  ): Promise<InferSelectModel<T>>;
  /**
   * The change of a locked row as two CTEs (`changed`, `audited`) of a larger statement, written only when `when`
   * holds: a change that must stand or fall with another write of the same statement (a scan and its count), in
   * one round trip. `ctes` is built with placeholders (`change_…`) that `values` fills, so that a statement run many
   * times a second is built once (`runNamed`); its text depends on the fields changed and `when` only. Answers the
   * row after, as the statement writes it when it does.
   */
  changeWhen(
    actor: string,
    row: InferSelectModel<T>,
    changes: Partial<InferSelectModel<T>>,
    action: BulkAuditAction,
    when: SQL,
  ): { after: InferSelectModel<T>; values: Params; ctes: () => SQL };
  /**
   * The same `changes` to many locked rows in one UPDATE and one audit insert (a load of hundreds of lines);
   * answers the rows after, in the order given.
   */
  changeMany(
    tx: Db,
    actor: string,
    rows: readonly InferSelectModel<T>[],
    changes: Partial<InferSelectModel<T>>,
    action?: BulkAuditAction,
  ): Promise<InferSelectModel<T>[]>;
}

export function versioned<T extends VersionedTable, A>(spec: VersionedSpec<T, A>): Versioned<T> {
  type Row = InferSelectModel<T>;
  const { table, entity, label, toApi } = spec;
  const keyOf = (row: Row) => (row as { key: string }).key;
  return {
    entity,
    async lock(tx, keys, scope, options) {
      const query = (keyed: readonly unknown[], owned?: SQL) =>
        tx
          .select()
          .from(table as PgTable)
          .where(and(inArray(table.key, [...keyed]), owned))
          .orderBy(asc(table.key))
          .for('update');
      // One name per text: the number of keys and the owner scope asked for make the statement's text.
      const scoped = !scope ? 'all' : scope.company ? 'company' : 'own';
      const owner =
        scoped === 'company' ? eq(table.ownerCompany, sql.placeholder('owner')) : eq(table.owner, sql.placeholder('owner'));
      const rows = (await (options?.prepared
        ? runNamed(
            tx,
            `lock_${entity}_${keys.length}_${scoped}`,
            () =>
              query(
                keys.map((_, i) => sql.placeholder(`k${i}`)),
                scope && owner,
              ),
            Object.fromEntries([...keys.map((key, i) => [`k${i}`, key]), ['owner', scope?.company ?? scope?.id]]),
          )
        : query(keys, scope && ownRows(table, scope)))) as Row[];
      const byKey = new Map(rows.map((row) => [keyOf(row), row]));
      const missing = keys.filter((key) => !byKey.has(key));
      if (missing.length) {
        throw new RuleError(404, 'NOT_FOUND', keys.length === 1 ? `${label}不存在` : `${label}不存在：${missing.join(', ')}`);
      }
      return keys.map((key) => byKey.get(key) as Row);
    },
    assertVersions(rows, versions) {
      const stale = firstStale(rows, versions);
      if (stale) throw new RuleError(409, 'VERSION_CONFLICT', `${label} ${stale.key} 已被他人修改，请刷新后重试`);
    },
    async change(tx, actor, row, changes, action) {
      const [after] = (await tx
        .update(table as PgTable)
        .set({ ...changes, version: sql`${table.version} + 1`, updatedAt: sql`now()` } as never)
        .where(eq(table.key, keyOf(row)))
        .returning()) as Row[];
      await audit(tx, { actor, entity, entityKey: keyOf(row), action, before: toApi(row), after: toApi(after) });
      return after;
    },
    changeWhen(actor, row, changes, action, when) {
      // The time is taken here, so that the row and its audit entry say the same.
      const at = new Date();
      const after = { ...row, ...changes, version: (row as { version: number }).version + 1, updatedAt: at } as Row;
      const entry = { actor, entity, entityKey: keyOf(row), action, before: toApi(row), after: toApi(after) };
      const values: Params = {
        ...Object.fromEntries(Object.entries(changes).map(([field, value]) => [`change_${field}`, value])),
        change_key: keyOf(row),
        change_at: at.toISOString(),
        change_audit: JSON.stringify([{ ...entry, at: at.toISOString() }]),
      };
      const ctes = () => {
        const columns = getTableColumns(table as PgTable);
        const set = Object.keys(changes).map((field) => {
          const column = columns[field];
          return sql`${sql.identifier(column.name)} = ${sql.param(sql.placeholder(`change_${field}`), column)}`;
        });
        return sql`changed as (
          update ${table} set ${sql.join(set, sql`, `)}, version = version + 1,
            updated_at = ${sql.placeholder('change_at')}::timestamptz
          where ${table.key} = ${sql.placeholder('change_key')} and ${when} returning 1),
        audited as (${auditInsertOf(sql.placeholder('change_audit'), sql`exists (select 1 from changed)`)})`;
      };
      return { after, values, ctes };
    },
    async changeMany(tx, actor, rows, changes, action) {
      if (rows.length === 0) return [];
      const after = (await tx
        .update(table as PgTable)
        .set({ ...changes, version: sql`${table.version} + 1`, updatedAt: sql`now()` } as never)
        .where(inArray(table.key, rows.map(keyOf)))
        .returning()) as Row[];
      const byKey = new Map(after.map((row) => [keyOf(row), row]));
      const ordered = rows.map((row) => byKey.get(keyOf(row)) as Row);
      const entries = rows.map((row, i) => ({
        ...{ actor, entity, entityKey: keyOf(row), action },
        ...{ before: toApi(row), after: toApi(ordered[i]) },
      }));
      await auditAll(tx, entries);
      return ordered;
    },
  };
}
