/** 装柜清单 (the load list) as rows of a sheet, for the server's and the mock's workbook; the page never builds it. */
import { lineFreightCells, lineFreightHeader, type ContainerFreight } from '../freight/codes';
import type { LoadedLine } from './codes';

const loadListHeader = [
  '序号',
  '明细',
  'PO号',
  '款号',
  '颜色',
  '箱号',
  '箱数',
  '件数',
  '净重(kg)',
  '毛重(kg)',
  '体积(m³)',
  '目的地',
];
const sumOf = (lines: readonly LoadedLine[], field: 'cartonCount' | 'totalQty' | 'totalNw' | 'totalGw' | 'cbm', decimals = 0) =>
  Math.round(lines.reduce((sum, line) => sum + line[field], 0) * 10 ** decimals) / 10 ** decimals;

/** 装柜清单: the box's title rows, one row a line in loading order, and the totals. */
export function loadListRows(
  box: { key: string; containerNo: string | null; sealNo: string | null; containerType: string; planKey: string },
  lines: readonly LoadedLine[],
  freight: Pick<ContainerFreight, 'lines' | 'cny'>,
): (string | number | null)[][] {
  const share = (key: string) => freight.lines.find((one) => one.key === key);
  return [
    [`装柜清单 ${box.containerNo ?? box.key}`, `${box.containerType}`, `封号 ${box.sealNo ?? '—'}`, `订舱计划 ${box.planKey}`],
    [...loadListHeader, ...lineFreightHeader],
    ...lines.map((line, i) => [
      i + 1,
      line.key,
      line.poNo,
      line.styleNo,
      line.colour,
      `${line.cartonFrom}-${line.cartonTo}`,
      line.cartonCount,
      line.totalQty,
      line.totalNw,
      line.totalGw,
      line.cbm,
      line.destination,
      ...lineFreightCells(share(line.key)),
    ]),
    [
      '合计',
      '',
      '',
      '',
      '',
      '',
      sumOf(lines, 'cartonCount'),
      sumOf(lines, 'totalQty'),
      sumOf(lines, 'totalNw', 2),
      sumOf(lines, 'totalGw', 2),
      sumOf(lines, 'cbm', 3),
      '',
      freight.cny,
      '',
    ],
  ];
}
