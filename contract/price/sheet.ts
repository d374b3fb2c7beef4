/**
 * The price workbook (运价导入): one sailing per row under the headers of priceSheetColumns (Chinese labels),
 * read into price inputs or row errors. The server and the mock import with it; the template is written from it.
 */
import { priceInputSchema, type PriceValues } from './schema';
import { priceFieldLabels, priceLimits, priceSheetColumns, spaceLabels, spaceLevels } from './codes';
import { dataRows, dateOf, mapHeader, numberOf, plainCell, sheetRejected, textOf, type SheetRowError } from '../shared/sheet';

type PriceField = (typeof priceSheetColumns)[number];
export type PriceRowError = SheetRowError<PriceField>;

const columns = priceSheetColumns.map((field) => ({ field, header: priceFieldLabels[field] }));
/** How many row errors a refused import lists. */
const MAX_ROW_ERRORS = 200;

export const priceSheetHeader = (): string[] => columns.map((column) => column.header);
/** The template's example row: a sailing a month from `today` that imports as it is. */
export const priceExampleRow = (sailingDate: string) => [
  'CNSHA',
  'USLAX',
  '40HQ',
  'MAEU',
  sailingDate,
  2100,
  'USD',
  '充足',
  14,
  '',
];
export const PRICE_TEMPLATE_NAME = '运价导入模板.xlsx';
export const priceImportRejected = (errors: readonly PriceRowError[], message?: string) =>
  sheetRejected(errors, MAX_ROW_ERRORS, message);

/** 充足 / 紧张 / 满舱, or the code itself. */
const spaceOf = (text: string) => spaceLevels.find((level) => spaceLabels[level] === text) ?? text;

export interface PriceSheetRead {
  prices: { row: number; price: Omit<PriceValues, 'version'> }[];
  errors: PriceRowError[];
  /** The whole file is refused (headers missing, too many rows): the message to answer. */
  refusal?: string;
}

/** Built once: a schema made per row is compiled per row (2.4 s for 20 000 rows, the event loop held). */
const sheetPriceSchema = priceInputSchema.omit({ version: true });

/** The sheet's rows (`rows[0]` is the header) as price inputs, each checked by the schema; a sailing at most once. */
export function readPriceSheet(rows: readonly (readonly unknown[] | undefined)[]): PriceSheetRead {
  const { index, missing } = mapHeader(rows[0], columns);
  if (missing.length) return { prices: [], errors: [], refusal: `缺少列：${missing.map((c) => c.header).join('、')}` };
  const lines = dataRows(rows, 2, [...index.values()]);
  if (!lines.length) return { prices: [], errors: [], refusal: '文件中没有运价' };
  if (lines.length > priceLimits.maxImportRows) {
    return { prices: [], errors: [], refusal: `一次最多导入 ${priceLimits.maxImportRows} 行运价` };
  }
  const prices: PriceSheetRead['prices'] = [];
  const errors: PriceRowError[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of lines) {
    const cell = (field: PriceField) => plainCell(cells[index.get(columns.find((c) => c.field === field)!)!]);
    const validUntil = textOf(cell('validUntil')) === '' ? null : dateOf(cell('validUntil'));
    const parsed = sheetPriceSchema.safeParse({
      carrier: textOf(cell('carrier')).toUpperCase(),
      pol: textOf(cell('pol')).toUpperCase(),
      pod: textOf(cell('pod')).toUpperCase(),
      containerType: textOf(cell('containerType')).toUpperCase(),
      sailingDate: dateOf(cell('sailingDate')),
      amount: numberOf(cell('amount')),
      currency: textOf(cell('currency')).toUpperCase(),
      space: spaceOf(textOf(cell('space'))),
      transitDays: numberOf(cell('transitDays')),
      validUntil,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as PriceField;
        errors.push({ row, field, message: `${priceFieldLabels[field] ?? ''}：${issue.message}` });
      }
      continue;
    }
    const price = parsed.data;
    const sailing = `${price.pol}/${price.pod}/${price.containerType}/${price.sailingDate}/${price.carrier}`;
    const first = seen.get(sailing);
    if (first !== undefined) errors.push({ row, message: `与第 ${first} 行是同一船期` });
    else seen.set(sailing, row);
    prices.push({ row, price });
  }
  return { prices, errors };
}
