/**
 * 搜索: GET /v1/search?q= — what the caller may see whose number starts with q, in one statement: each kind a
 * subquery on an index of its number (lower(…) text_pattern_ops, with the owner first for a customer), at most
 * `perKind` each; an SSCC is looked up whole. Another customer's rows are never read, so never counted.
 */
import { sql, type SQL } from 'drizzle-orm';
import { readsAll } from '../../contract/shared/access';
import { bulkAccess } from '../../contract/packing/codes';
import { ssccFromScan } from '../../contract/carton/codes';
import { searchKindLabels, searchLimits, type SearchKind, type SearchResult } from '../../contract/search/codes';
import { readerOf, searchItems, searchKindsOf, type SearchRows } from '../../contract/search/results';
import { RuleError } from '../../contract/shared/ruleError';
import type { OwnerNames } from '../../contract/shared/owners';
import type { SessionUser } from '../auth/sessionUser';
import { genericPlanned, type Db } from '../db/open';
import { rowsOf } from '../db/rowShape';
import { runPrepared } from '../db/statements';
import { cartonOfSscc } from './carton/cartons';

const { perKind } = searchLimits;
/** Index entries a PO is grouped from: its lines, however many, are a few of the numbers shown. */
const PO_SAMPLE = 200;

// The statement's values: the text lower-cased, upper-cased (keys), and the owner a customer reads.
const textParam = sql.placeholder('q');
const keyParam = sql.placeholder('key');
const ownerParam = sql.placeholder('owner');

/** Starts with the text, as a range on the column's `lower(…) text_pattern_ops` index. */
const startsWith = (column: string) =>
  sql`lower(${sql.raw(column)}) ~>=~ ${textParam}::text and lower(${sql.raw(column)}) ~<~ (${textParam}::text || chr(1114111))`;
/** 客户 and 客户公司 of the row's owner, as the rows' two fields. */
const ownerNames = (column: string) =>
  sql`(select real_name from users where id = ${sql.raw(column)}) as "ownerName",
    coalesce((select oc.name from users ou join companies oc on oc.key = ou.company_key where ou.id = ${sql.raw(column)}), '')
      as "ownerCompanyName"`;
const asJson = (rows: SQL) => sql`(select coalesce(json_agg(found), '[]'::json) from (${rows}) as found)`;

/** Each kind's rows as JSON, for a caller who reads only their company's, their own or everyone's. */
function kindQueries(scope: 'company' | 'own' | 'all'): Record<Exclude<SearchKind, 'carton'> | 'odg', SQL> {
  const own = (column: string) =>
    scope === 'company'
      ? sql`${sql.raw(`${column}_company`)} = ${ownerParam}::text`
      : scope === 'own'
        ? sql`${sql.raw(column)} = ${ownerParam}::uuid`
        : sql`true`;
  /** Lines grouped by what was found (a PO, or an ODG item number within its PO), from the first entries of the index. */
  const lines = (column: string, odg: SQL) =>
    asJson(sql`
      select po_no as "poNo", ${odg} as "odgItemNo", min(style_no) as "styleNo",
        array_agg(distinct status) as statuses, ${ownerNames('owner')}
      from (select po_no, odg_item_no, style_no, status, owner from bulk_lines
            where ${own('owner')} and ${startsWith(column)} order by lower(${sql.raw(column)}) using ~<~ limit ${sql.raw(String(PO_SAMPLE))}) as hit
      group by lower(${sql.raw(column)}), po_no, ${odg}, owner order by lower(${sql.raw(column)}), po_no limit ${sql.raw(String(perKind))}`);
  return {
    po: lines('po_no', sql`null::text`),
    odg: lines('odg_item_no', sql`odg_item_no`),
    bol: asJson(sql`
      select key, bol_no as "bolNo", status, pod, vessel, ${ownerNames('owner')} from bills_of_lading
      where ${own('owner')} and ${startsWith('bol_no')} order by lower(bol_no) using ~<~ limit ${sql.raw(String(perKind))}`),
    container: asJson(sql`
      select c.key, c.container_no as "containerNo", c.container_type as "containerType", c.plan_key as "planKey",
        (select o.key from osb_orders o where o.plan_key = c.plan_key) as "orderKey", c.active,
        ${ownerNames('c.owner')}
      from osb_containers c where ${own('c.owner')} and ${startsWith('c.container_no')}
      order by lower(c.container_no) using ~<~ limit ${sql.raw(String(perKind))}`),
    plan: asJson(sql`
      select p.key, p.status, p.pol, p.pod, p.etd,
        (select o.carrier_booking_no from osb_orders o where o.plan_key = p.key) as "carrierBookingNo"
      from osb_plans p
      where ${own('p.owner')} and (starts_with(p.key, ${keyParam}::text)
        or p.key in (select plan_key from osb_orders where ${own('owner')} and ${startsWith('carrier_booking_no')}))
      order by p.key desc limit ${sql.raw(String(perKind))}`),
    order: asJson(sql`
      select key, plan_key as "planKey", status, carrier_booking_no as "carrierBookingNo", vessel, voyage,
        ${ownerNames('owner')}
      from osb_orders
      where ${own('owner')} and (starts_with(key, ${keyParam}::text) or starts_with(plan_key, ${keyParam}::text) or ${startsWith('carrier_booking_no')})
      order by key desc limit ${sql.raw(String(perKind))}`),
    declaration: asJson(sql`
      select key, status, carrier_booking_no as "carrierBookingNo", ${ownerNames('owner')}
      from customs_declarations
      where ${own('owner')} and (starts_with(key, ${keyParam}::text) or ${startsWith('carrier_booking_no')})
      order by key desc limit ${sql.raw(String(perKind))}`),
  };
}

/** The carton of `sscc` if the caller may see it, as a row of the search. */
async function cartonRows(db: Db, sscc: string, scope: SessionUser | undefined): Promise<SearchRows['carton']> {
  try {
    const carton = await cartonOfSscc(db, sscc, scope);
    const [row] = rowsOf<OwnerNames>(
      await db.execute(sql`select ${ownerNames('l.owner')} from bulk_lines l where l.key = ${carton.lineKey}`),
    );
    const { ssccText, poNo, cartonNo, lineKey, status } = carton;
    return [{ ssccText, poNo, cartonNo, lineKey, status, ...row }];
  } catch (error) {
    if (error instanceof RuleError && error.status === 404) return [];
    throw error;
  }
}

export async function search(db: Db, caller: SessionUser, text: string): Promise<SearchResult> {
  const q = text.trim();
  if (q.length < searchLimits.minLength) return { q, groups: [] };
  const reader = readerOf(caller.roles);
  // Every kind's rows belong to the line's, the plan's customer: who reads everyone's lines reads everyone's of each.
  const scope = readsAll(bulkAccess, caller.roles) ? undefined : caller;
  const scoped = !scope ? 'all' : scope.company ? 'company' : 'own';
  const kinds = searchKindsOf[reader];
  const asked = kinds.flatMap((kind) => (kind === 'carton' ? [] : kind === 'po' ? ['po', 'odg'] : [kind]));
  // Prepared once per role and scope, on a generic plan: its shape never changes with the text, and planning seven
  // subqueries at every keystroke would cost more than running them.
  const planned = genericPlanned(db);
  const build = () => {
    const queries = kindQueries(scoped);
    const found = sql.join(
      asked.map((kind) => sql`${sql.raw(`'${kind}'`)}, ${queries[kind as keyof typeof queries]}`),
      sql`, `,
    );
    return planned.select({ found: sql<Record<string, unknown[]>>`json_build_object(${found})` }).from(sql`(select 1) as one`);
  };
  const values = { q: q.toLowerCase(), key: q.toUpperCase(), owner: scope ? (scope.company ?? scope.id) : null };
  // A whole SSCC (its check digit right) is a carton's and no other number's start.
  const scanned = ssccFromScan(q);
  const sscc = 'sscc' in scanned ? scanned.sscc : undefined;
  const [found, carton] = await Promise.all([
    sscc
      ? Object.fromEntries(asked.map((kind) => [kind, []]))
      : runPrepared(planned, `search:${reader}:${scoped}`, build, values).then(([row]) => row.found),
    sscc && kinds.includes('carton') ? cartonRows(db, sscc, scope) : Promise.resolve([]),
  ]);
  const rows = { ...found, po: [...found.po, ...found.odg].slice(0, perKind), carton } as unknown as SearchRows;
  const groups = kinds
    .map((kind) => ({ kind, label: searchKindLabels[kind], items: searchItems(kind, rows[kind], reader) }))
    .filter((group) => group.items.length > 0);
  return { q, groups };
}
