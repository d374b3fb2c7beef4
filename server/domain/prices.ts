/**
 * 运价日历: a lane's month for a container type, and the clerk's prices saved all or nothing. A price row is
 * versioned and audited like every business row; plans copy it (priceSnapshot), so a later change moves no plan.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cheapestOf, type PriceMonth, type priceInputSchema, type priceMonthQuerySchema } from '../../contract/price';
import { addDays, chinaToday } from '../../contract/planCodes';
import type { SessionUser } from '../auth/sessions';
import { runPrepared } from '../db/statements';
import { audit } from '../db/audit';
import { rowShape } from '../db/rowShape';
import type { Db } from '../db/open';
import { osbPrices, type PriceRow } from '../db/schema';
import { assertNoProblems } from '../../contract/ruleError';
import { conflict } from '../http/errors';
import { settingValue } from './settings';

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
  return { data, cheapestKey: cheapestOf(data, today)?.key ?? null, today };
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

/**
 * Writes prices in the caller's transaction: a new sailing is inserted; a known one is replaced only with the
 * version read (`checkVersions`; an import replaces whatever is there). Answers the rows and how many were new.
 */
export async function writePrices(tx: Db, caller: SessionUser, prices: readonly PriceInput[], checkVersions: boolean) {
  const written: PriceRow[] = [];
  let inserted = 0;
  for (const { version, ...price } of prices) {
    const [before] = await tx.select().from(osbPrices).where(sailingOf(price)).for('update');
    const label = `${price.sailingDate} ${price.carrier} ${price.containerType}`;
    if (checkVersions && before?.version !== version && (before || version !== undefined)) {
      throw conflict(
        'VERSION_CONFLICT',
        before ? `${label} 的运价已被他人修改，请刷新后重试` : `${label} 的运价已不存在，请刷新后重试`,
      );
    }
    const [after] = before
      ? await tx
          .update(osbPrices)
          .set({ ...price, version: before.version + 1, updatedAt: new Date(), updatedBy: caller.id })
          .where(eq(osbPrices.key, before.key))
          .returning()
      : await tx
          .insert(osbPrices)
          .values({ ...price, updatedBy: caller.id })
          .returning();
    if (!before) inserted += 1;
    await audit(tx, {
      actor: caller.id,
      entity: ENTITY,
      entityKey: after.key,
      before: before && toPrice(before),
      after: toPrice(after),
    });
    written.push(after);
  }
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
