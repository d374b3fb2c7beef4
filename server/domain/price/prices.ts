/**
 * 运价日历: a lane's month for a container type, and the clerk's prices saved all or nothing. A price row is
 * versioned and audited like every business row; plans copy it (priceSnapshot), so a later change moves no plan.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cheapestOf, type PriceMonth, type priceInputSchema, type priceMonthQuerySchema } from '../../../contract/price/schema';
import { addDays, chinaToday } from '../../../contract/plan/codes';
import type { SessionUser } from '../../auth/sessionUser';
import { runPrepared } from '../../db/statements';
import { auditAll, type AuditEntry } from '../../db/audit';
import { rowShape } from '../../db/rowShape';
import type { Db } from '../../db/open';
import { osbPrices, type PriceRow } from '../../db/schema';
import { nextKey } from '../../db/tables/columns';
import { assertNoProblems, RuleError } from '../../../contract/shared/ruleError';
import { settingValue } from '../setting';

export type Price = PriceMonth['data'][number];
type PriceInput = z.output<typeof priceInputSchema>;

const ENTITY = 'osbPrice';
const priceShape = rowShape<typeof osbPrices, Price>(osbPrices, ['updatedBy']);
export const toPrice = (row: PriceRow): Price => priceShape.toApi(row);

/** A lane's sailings of a container type from `first` to before `next`, prepared once. */
const monthRows = (db: Db) =>
  db
    .select()
    .from(osbPrices)
    .where(
      and(
        eq(osbPrices.pol, sql.placeholder('pol')),
        eq(osbPrices.pod, sql.placeholder('pod')),
        eq(osbPrices.containerType, sql.placeholder('containerType')),
        gte(osbPrices.sailingDate, sql.placeholder('first')),
        lt(osbPrices.sailingDate, sql.placeholder('next')),
      ),
    )
    .orderBy(asc(osbPrices.sailingDate), asc(osbPrices.amount), asc(osbPrices.carrier));

/** GET /v1/osbPrice — every carrier's sailings of the month, by day and price. */
export async function monthPrices(db: Db, query: z.output<typeof priceMonthQuerySchema>): Promise<PriceMonth> {
  const first = `${query.month}-01`;
  const next = `${addDays(`${query.month}-28`, 4).slice(0, 7)}-01`;
  const rows = await runPrepared(db, 'osbPrice:month', () => monthRows(db), { ...query, first, next });
  const data = rows.map(toPrice);
  const today = chinaToday();
  const { siCutoffHours } = await settingValue(db, 'bookingCutoff');
  return { data, cheapestKey: cheapestOf(data, today, siCutoffHours)?.key ?? null, today };
}

/**
 * 422 naming `prices.<i>.<field>` for ports and carriers the dictionaries do not hold, and lanes that end where
 * they start. The import reports its rows the same way.
 */
export async function priceProblems(db: Db, prices: readonly PriceInput[], where = (i: number) => `prices.${i}`) {
  const [ports, carriers] = await Promise.all([settingValue(db, 'ports'), settingValue(db, 'carriers')]);
  const portCodes = new Set(ports.map((port) => port.code));
  const scacs = new Set(carriers.map((carrier) => carrier.scac));
  const problems: Record<string, string> = {};
  prices.forEach((price, i) => {
    if (!portCodes.has(price.pol)) problems[`${where(i)}.pol`] = `起运港 ${price.pol} 不在港口字典中`;
    if (!portCodes.has(price.pod)) problems[`${where(i)}.pod`] = `目的港 ${price.pod} 不在港口字典中`;
    else if (price.pod === price.pol) problems[`${where(i)}.pod`] = '目的港不能与起运港相同';
    if (!scacs.has(price.carrier)) problems[`${where(i)}.carrier`] = `船公司 ${price.carrier} 不在船公司字典中`;
  });
  return problems;
}

const sailingOf = (price: Pick<PriceInput, 'pol' | 'pod' | 'containerType' | 'sailingDate' | 'carrier'>) =>
  and(
    eq(osbPrices.pol, price.pol),
    eq(osbPrices.pod, price.pod),
    eq(osbPrices.containerType, price.containerType),
    eq(osbPrices.sailingDate, price.sailingDate),
    eq(osbPrices.carrier, price.carrier),
  );

/** Prices a statement reads or writes: an import of 20 000 goes in 40 rounds, not 60 000 statements. */
const PRICE_BATCH = 500;
const sailingKey = (p: Pick<PriceInput, 'pol' | 'pod' | 'containerType' | 'sailingDate' | 'carrier'>) =>
  [p.pol, p.pod, p.containerType, p.sailingDate, p.carrier].join(' ');
/** Set from the new values on a known sailing: every field but the sailing's own. */
const replaced = Object.fromEntries(
  (['amount', 'currency', 'space', 'transitDays', 'validUntil'] as const).map((field) => [
    field,
    sql.raw(`excluded.${osbPrices[field].name}`),
  ]),
);

/**
 * Writes prices in the caller's transaction: a new sailing is inserted; a known one is replaced only with the
 * version read (`checkVersions`; an import replaces whatever is there). Answers the rows and how many were new.
 * A batch's known sailings are read and locked in one statement and the batch written in another (an upsert on
 * the sailing's unique index); the contract refuses a sailing twice in one call.
 */
export async function writePrices(tx: Db, caller: SessionUser, prices: readonly PriceInput[], checkVersions: boolean) {
  const written: PriceRow[] = [];
  const entries: AuditEntry[] = [];
  let inserted = 0;
  for (let start = 0; start < prices.length; start += PRICE_BATCH) {
    const batch = prices.slice(start, start + PRICE_BATCH);
    // The batch travels as one JSON parameter: thousands of bound values cost the embedded database more than the rows.
    const values = JSON.stringify(batch.map(({ version: _version, ...price }) => price));
    const given = sql`jsonb_to_recordset(${values}::jsonb) as p(carrier text, pol text, pod text, "containerType" text,
      "sailingDate" date, amount integer, currency text, space text, "transitDays" integer, "validUntil" date)`;
    const known = await tx
      .select()
      .from(osbPrices)
      .where(
        sql`(${osbPrices.pol}, ${osbPrices.pod}, ${osbPrices.containerType}, ${osbPrices.sailingDate}, ${osbPrices.carrier}) in
          (select p.pol, p.pod, p."containerType", p."sailingDate", p.carrier from ${given})`,
      )
      .for('update');
    const before = new Map(known.map((row) => [sailingKey(row), row]));
    if (checkVersions) {
      for (const price of batch) {
        const row = before.get(sailingKey(price));
        if (row?.version === price.version || (!row && price.version === undefined)) continue;
        const label = `${price.sailingDate} ${price.carrier} ${price.containerType}`;
        throw new RuleError(
          409,
          'VERSION_CONFLICT',
          row ? `${label} 的运价已被他人修改，请刷新后重试` : `${label} 的运价已不存在，请刷新后重试`,
        );
      }
    }
    const rows = await tx
      .insert(osbPrices)
      .select(
        sql`select ${nextKey('PR', 'osb_price_key_seq')}, p.carrier, p.pol, p.pod, p."containerType", p."sailingDate", p.amount,
          p.currency, p.space, p."transitDays", p."validUntil", 1, now(), ${caller.id}::uuid from ${given}`,
      )
      .onConflictDoUpdate({
        target: [osbPrices.pol, osbPrices.pod, osbPrices.containerType, osbPrices.sailingDate, osbPrices.carrier],
        set: { ...replaced, version: sql`${osbPrices.version} + 1`, updatedAt: new Date(), updatedBy: caller.id },
      })
      .returning();
    // In the order given, whatever order the database returned them in.
    const order = new Map(batch.map((price, i) => [sailingKey(price), i]));
    rows.sort((a, b) => (order.get(sailingKey(a)) ?? 0) - (order.get(sailingKey(b)) ?? 0));
    for (const after of rows) {
      const was = before.get(sailingKey(after));
      if (!was) inserted += 1;
      entries.push({
        actor: caller.id,
        entity: ENTITY,
        entityKey: after.key,
        before: was && toPrice(was),
        after: toPrice(after),
      });
    }
    written.push(...rows);
  }
  await auditAll(tx, entries);
  return { rows: written, inserted };
}

/** PUT /v1/osbPrice — all or nothing. */
export async function putPrices(db: Db, caller: SessionUser, prices: readonly PriceInput[]): Promise<Price[]> {
  const problems = await priceProblems(db, prices);
  assertNoProblems(problems);
  return db.transaction(async (tx) => (await writePrices(tx, caller, prices, true)).rows.map(toPrice));
}

/** The price of `key`, locked for the caller's transaction: a plan fixes it as it reads it. */
export async function lockPrice(tx: Db, key: string): Promise<PriceRow | undefined> {
  const [row] = await tx.select().from(osbPrices).where(eq(osbPrices.key, key)).for('share');
  return row;
}

/** The price of a sailing named by its fields (a change to another sailing). */
export async function findPrice(db: Db, sailing: Parameters<typeof sailingOf>[0]): Promise<PriceRow | undefined> {
  const [row] = await db.select().from(osbPrices).where(sailingOf(sailing));
  return row;
}
