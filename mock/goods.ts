/** Mock of 待拼柜货物 for `npm run dev`: packing's mock lines grouped as the server groups them, the same suggestion. */
import groupBy from 'lodash/groupBy';
import { portOfDestination, suggestContainers } from '../contract/shared/consolidation';
import { goodsAccess, goodsEndpoints, type GoodsGroup } from '../contract/goods/schema';
import { addDays, isoWeekOf } from '../contract/plan/codes';
import { filterRows, mockEndpoints, ownsRow, pageOf } from './_resource';
import { bulkLines as bulkLineTable, valueOf } from './_tables';

const sum = (values: number[], decimals = 0) => Math.round(values.reduce((a, b) => a + b, 0) * 10 ** decimals) / 10 ** decimals;
const mondayOf = (date: string) => addDays(date, 1 - (new Date(`${date}T00:00:00Z`).getUTCDay() || 7));

export default mockEndpoints(goodsEndpoints, goodsAccess, '货物不存在', {
  list: ({ user, query }) => {
    const waiting = bulkLineTable.rows.filter((line) => ownsRow(user, line.owner) && line.status === 'pendingConsolidation');
    const found = filterRows(waiting, query, { destination: ['destination', 'prefix'] }).filter(
      (line) => !query.week || isoWeekOf(line.exFactoryDate) === query.week,
    );
    const fillFactor = valueOf('consolidation').fillFactorPercent / 100;
    const groups = Object.values(groupBy(found, (line) => `${isoWeekOf(line.exFactoryDate)} ${line.destination}`)).map(
      (lines): GoodsGroup => ({
        destination: lines[0].destination,
        pod: portOfDestination(valueOf('ports'), lines[0].destination)?.code ?? null,
        week: isoWeekOf(lines[0].exFactoryDate),
        weekStart: mondayOf(lines.map((line) => line.exFactoryDate).sort()[0]),
        lineCount: lines.length,
        cartonCount: sum(lines.map((line) => line.cartonCount)),
        totalQty: sum(lines.map((line) => line.totalQty)),
        cbm: sum(
          lines.map((line) => line.cbm),
          3,
        ),
        totalGw: sum(
          lines.map((line) => line.totalGw),
          2,
        ),
        suggestion: suggestContainers(lines, valueOf('containerCapacity'), fillFactor),
        lines: lines.map(({ key, poNo, styleNo, colour, cartonCount, totalQty, cbm, totalGw }) => ({
          ...{ key, poNo, styleNo, colour },
          ...{ cartonCount, totalQty, cbm, totalGw },
        })),
      }),
    );
    groups.sort((a, b) => a.week.localeCompare(b.week) || a.destination.localeCompare(b.destination));
    return pageOf(groups, query);
  },
});
