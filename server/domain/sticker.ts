/**
 * 彩贴: one sticker per carton of a PO or of chosen lines (the caller's own; anyone's for the clerk and the
 * inspector), each carton with its SSCC. A carton's serial is given on its first print and kept (carton_labels), so
 * a reprint shows the same code; the company prefix and extension digit come from the `gs1` setting.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { readsAll } from '../../contract/shared/access';
import {
  cartonId,
  stickerAccess,
  assertStickerCount,
  stickersOf,
  type StickerSheet,
  type stickerQuerySchema,
} from '../../contract/sticker/schema';
import type { SessionUser } from '../auth/sessionUser';
import type { Db } from '../db/open';
import { rowsOf } from '../db/rowShape';
import { bulkLines, cartonLabels, sizeGroups } from '../db/schema';
import { notFound } from './refusals';
import { settingValue } from './setting';
import { ownRows } from './ownership';

export async function stickerSheet(
  db: Db,
  caller: SessionUser,
  query: z.output<typeof stickerQuerySchema>,
): Promise<StickerSheet> {
  const own = readsAll(stickerAccess, caller.roles) ? undefined : ownRows(bulkLines, caller);
  const which = query.keys ? inArray(bulkLines.key, query.keys) : eq(bulkLines.poNo, query.poNo ?? '');
  return db.transaction(async (tx) => {
    const lines = await tx
      .select({ line: bulkLines, sizes: sizeGroups.sizes })
      .from(bulkLines)
      .innerJoin(sizeGroups, eq(sizeGroups.code, bulkLines.sizeGroup))
      .where(and(which, own))
      .orderBy(asc(bulkLines.poNo), asc(bulkLines.cartonFrom));
    // Another customer's lines are missing alike: nothing tells them apart.
    if (!lines.length || (query.keys && lines.length !== query.keys.length))
      throw notFound(query.keys ? '明细不存在' : `没有 PO ${query.poNo} 的明细`);
    const cartons = lines.reduce((sum, { line }) => sum + line.cartonCount, 0);
    assertStickerCount(cartons, query.keys ? 'keys' : 'poNo');

    // Serials for the cartons that have none yet, in carton order; then every carton's serial.
    const wanted = sql`(select distinct ${bulkLines.owner} as owner, ${bulkLines.poNo} as po_no, g as carton_no
      from ${bulkLines}, generate_series(${bulkLines.cartonFrom}, ${bulkLines.cartonTo}) as g
      where ${inArray(
        bulkLines.key,
        lines.map(({ line }) => line.key),
      )} order by 1, 2, 3) as wanted`;
    await tx.execute(sql`insert into ${cartonLabels} (owner, po_no, carton_no)
      select owner, po_no, carton_no from ${wanted} on conflict do nothing`);
    const labels = await tx.execute(sql`select c.owner, c.po_no, c.carton_no, c.serial from ${cartonLabels} c
      join ${wanted} using (owner, po_no, carton_no)`);
    const serialOf = new Map(
      rowsOf<{ owner: string; po_no: string; carton_no: number; serial: string | number }>(labels).map((row) => [
        cartonId(row.owner, row.po_no, row.carton_no),
        Number(row.serial),
      ]),
    );
    // Carton n of N counts the whole PO of the customer, whichever lines were chosen.
    const totals = await tx
      .select({
        owner: bulkLines.owner,
        poNo: bulkLines.poNo,
        cartons: sql<number>`sum(${bulkLines.cartonCount})`.mapWith(Number),
      })
      .from(bulkLines)
      .where(inArray(bulkLines.poNo, [...new Set(lines.map(({ line }) => line.poNo))]))
      .groupBy(bulkLines.owner, bulkLines.poNo);
    const totalOf = new Map(totals.map((row) => [`${row.owner}/${row.poNo}`, row.cartons]));

    return stickersOf(
      lines.map(({ line, sizes }) => ({ ...line, sizeOrder: sizes })),
      {
        serialOf: (carton) => serialOf.get(carton) ?? 0,
        cartonTotalOf: (line) => totalOf.get(`${line.owner}/${line.poNo}`) ?? line.cartonCount,
        gs1: await settingValue(tx, 'gs1'),
        colourBy: query.colourBy,
      },
    );
  });
}
