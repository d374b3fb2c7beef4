/**
 * 待拼柜货物: the customer's 待拼柜 lines by destination and ex-factory week (lineGroups), each group with the port
 * its destination names and the boxes suggested for it by first-fit decreasing over the capacities in settings.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { portOfDestination, suggestContainers } from '../../contract/shared/consolidation';
import { goodsLine, type GoodsGroup, type goodsQuerySchema } from '../../contract/goods/schema';
import type { SessionUser } from '../auth/sessionUser';
import type { Db } from '../db/open';
import { bulkLines } from '../db/schema';
import { lineGroups } from './packing/lineGroups';
import type { ListAnswer } from './list';
import { settingValue } from './setting';
import { prefixFilter } from './sqlText';
import { ownRows } from './ownership';

const week = sql<string>`to_char(${bulkLines.exFactoryDate}, 'IYYY-"W"IW')`;
const destinationPrefix = prefixFilter(bulkLines.destination);

/** GET /v1/osbGoods — the earliest week first. */
export async function goodsWaiting(
  db: Db,
  caller: SessionUser,
  query: z.output<typeof goodsQuerySchema>,
): Promise<ListAnswer<GoodsGroup>> {
  const [page, capacities, ports, rules] = await Promise.all([
    lineGroups<Omit<GoodsGroup, 'pod' | 'suggestion'>>(db, query, {
      where: and(
        eq(bulkLines.status, 'pendingConsolidation'),
        ownRows(bulkLines, caller),
        query.destination === undefined
          ? undefined
          : destinationPrefix.where(sql.param(destinationPrefix.bind(query.destination))),
        query.week === undefined ? undefined : sql`${week} = ${query.week}`,
      ),
      groupBy: { destination: bulkLines.destination, week },
      figures: {
        weekStart: sql<string>`to_char(date_trunc('week', min(${bulkLines.exFactoryDate})), 'YYYY-MM-DD')`,
        lineCount: sql<number>`count(*)`.mapWith(Number),
        cartonCount: sql<number>`sum(${bulkLines.cartonCount})`.mapWith(Number),
        totalQty: sql<number>`sum(${bulkLines.totalQty})`.mapWith(Number),
        cbm: sql<number>`round(sum(${bulkLines.cbm})::numeric, 3)`.mapWith(Number),
        totalGw: sql<number>`round(sum(${bulkLines.totalGw})::numeric, 2)`.mapWith(Number),
      },
      order: [asc(week), asc(bulkLines.destination)],
      lines: goodsLine.fields,
      lineOrder: bulkLines.key,
    }),
    settingValue(db, 'containerCapacity'),
    settingValue(db, 'ports'),
    settingValue(db, 'consolidation'),
  ]);
  const data = page.data.map((group) => ({
    ...group,
    pod: portOfDestination(ports, group.destination)?.code ?? null,
    suggestion: suggestContainers(group.lines, capacities, rules.fillFactorPercent / 100),
  }));
  return { ...page, data };
}
