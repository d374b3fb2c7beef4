/**
 * 彩贴 (colour stickers): one sticker per carton with its SSCC as a GS1-128 barcode. Routes, access, layouts, the
 * colour key and the barcode rules as pure functions, without zod: the page draws the same bars the PDF prints.
 */
import { roles } from '../shared/formats';
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import { RuleError } from '../shared/ruleError';
import { gs1CheckDigit } from '../shared/gs1';
import { formatSizeBreakdown } from '../shared/sizeBreakdownText';

export const stickerRoutes = {
  list: { method: 'GET', path: '/v1/stickers' },
  pdf: { method: 'GET', path: '/v1/stickers/pdf' },
} as const satisfies Record<string, Route>;

/** Every role prints stickers: a customer for their own lines, the clerk and the inspector for anyone's. */
export const stickerAccess: AccessPolicy = {
  read: roles,
  write: [],
  readAll: ['documentClerk', 'inspector'],
  changeAll: [],
};

export const stickerLimits = { maxStickers: 2000 } as const;

/** 422 on `field` when a print would take more stickers than the limit. */
export function assertStickerCount(cartons: number, field: 'poNo' | 'keys'): void {
  if (cartons <= stickerLimits.maxStickers) return;
  const message = `共 ${cartons} 箱，一次最多打印 ${stickerLimits.maxStickers} 张彩贴`;
  throw new RuleError(422, 'VALIDATION_FAILED', message, { [field]: message });
}

/** Sheets of A4: 2 × 4 (105 × 74 mm) or 3 × 8 (70 × 37 mm) stickers a page. */
export const stickerLayouts = {
  '2x4': { columns: 2, rows: 4, label: 'A4 每页 2×4（8 张）' },
  '3x8': { columns: 3, rows: 8, label: 'A4 每页 3×8（24 张）' },
} as const;
export type StickerLayout = keyof typeof stickerLayouts;

export const colourBys = ['size', 'destination'] as const;
export type ColourBy = (typeof colourBys)[number];
export const colourByLabels: Record<ColourBy, string> = { size: '按尺码着色', destination: '按目的地着色' };

/** Stickers' colours, light enough for black print on top, told apart on a legend. */
export const stickerPalette = [
  '#ffd666',
  '#95de64',
  '#69c0ff',
  '#ff9c6e',
  '#b37feb',
  '#5cdbd3',
  '#ff85c0',
  '#d3f261',
  '#ffc069',
  '#adc6ff',
] as const;

/** What a carton is coloured by: its destination, or its sizes in the size group's order (`M`, or `S、M、L` mixed). */
export function colourKeyOf(
  line: { destination: string; sizeBreakdown: Record<string, number> },
  by: ColourBy,
  sizeOrder: readonly string[] = [],
): string {
  if (by === 'destination') return line.destination;
  const sizes = Object.keys(line.sizeBreakdown).filter((size) => line.sizeBreakdown[size] > 0);
  const rank = (size: string) => (sizeOrder.includes(size) ? sizeOrder.indexOf(size) : sizeOrder.length);
  // 、 between sizes: a size may hold a / itself (38/39).
  return [...sizes].sort((a, b) => rank(a) - rank(b)).join('、');
}

/** The legend: each key in order of first appearance with its colour (the palette repeats past ten keys). */
export function colourLegend(keys: readonly string[]): { key: string; colour: string }[] {
  return [...new Set(keys)].map((key, i) => ({ key, colour: stickerPalette[i % stickerPalette.length] }));
}

/** The largest serial an SSCC holds after a company prefix of `prefixLength` digits. */
export const maxSerialFor = (prefixLength: number) => 10 ** (16 - prefixLength) - 1;

/** An SSCC: extension digit, GS1 company prefix (7–10 digits), serial reference, check digit — 18 digits. */
export function ssccOf(extensionDigit: number, companyPrefix: string, serial: number): string {
  if (!/^\d{7,10}$/.test(companyPrefix)) throw new Error('the GS1 company prefix has 7 to 10 digits');
  if (!Number.isInteger(serial) || serial < 0 || serial > maxSerialFor(companyPrefix.length))
    throw new Error(`serial ${serial} does not fit after a ${companyPrefix.length}-digit company prefix`);
  const body = `${extensionDigit}${companyPrefix}${String(serial).padStart(16 - companyPrefix.length, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** `(00) 0 6901234 000000001 8`: the SSCC as printed under its barcode. */
export const ssccText = (sscc: string, prefixLength: number) =>
  `(00) ${sscc[0]} ${sscc.slice(1, 1 + prefixLength)} ${sscc.slice(1 + prefixLength, 17)} ${sscc[17]}`;

/** Code 128's symbols as bar and space widths in modules (bar first), values 0–106; 106 is the stop. */
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');
const START_C = 105;
const FNC1 = 102;
const STOP = 106;

/**
 * The bars of a GS1-128 barcode of an all-digit element string (`00` + SSCC): Start C, FNC1, the digits in pairs,
 * the mod-103 check symbol and the stop, as module widths alternating bar, space, bar… (quiet zones not included).
 */
export function gs1128Modules(elementString: string): number[] {
  if (!/^(\d\d)+$/.test(elementString)) throw new Error('an even number of digits is encoded in code set C');
  const pairs = elementString.match(/\d\d/g)!.map(Number);
  const symbols = [START_C, FNC1, ...pairs];
  const check = symbols.reduce((sum, value, i) => sum + value * Math.max(i, 1), 0) % 103;
  return [...symbols, check, STOP].flatMap((value) => [...CODE128[value]].map(Number));
}

/** A packing line as stickers need it, with its size group's order. */
export interface StickerLine {
  key: string;
  owner: string;
  poNo: string;
  styleNo: string;
  colour: string;
  destination: string;
  sizeBreakdown: Record<string, number>;
  sizeOrder: readonly string[];
  cartonFrom: number;
  cartonCount: number;
}

/** The `gs1` setting: what an SSCC printed here starts with. */
export interface Gs1Prefix {
  companyPrefix: string;
  extensionDigit: number;
}

/** `S:4 M:8 L:8`: a carton's sizes as its sticker prints them, in the size group's order. */
export const stickerSizesText = (sizeBreakdown: Record<string, number>, sizeOrder: readonly string[]) =>
  formatSizeBreakdown(sizeBreakdown, sizeOrder).replace(/;/g, ' ');

/** A carton's place: serials are kept per customer, PO and carton number. */
export const cartonId = (owner: string, poNo: string, cartonNo: number) => `${owner}/${poNo}/${cartonNo}`;

/**
 * One sticker per carton of `lines` (in the order given), with the SSCC of its serial, carton n of the PO's
 * `cartonTotalOf`, and its colour; the legend of the colours. 409 once serials outgrow the company prefix.
 */
export function stickersOf(
  lines: readonly StickerLine[],
  options: {
    serialOf: (cartonId: string) => number;
    cartonTotalOf: (line: StickerLine) => number;
    gs1: Gs1Prefix;
    colourBy: ColourBy;
  },
) {
  const { gs1 } = options;
  const keys = lines.map((line) => colourKeyOf(line, options.colourBy, line.sizeOrder));
  const legend = colourLegend(keys);
  const fillOf = new Map(legend.map((entry) => [entry.key, entry.colour]));
  const stickers = lines.flatMap((line, i) =>
    Array.from({ length: line.cartonCount }, (_, n) => {
      const cartonNo = line.cartonFrom + n;
      const serial = options.serialOf(cartonId(line.owner, line.poNo, cartonNo));
      if (serial > maxSerialFor(gs1.companyPrefix.length))
        throw new RuleError(409, 'SSCC_EXHAUSTED', `厂商识别代码 ${gs1.companyPrefix} 的箱码流水号已用完，请在订舱设置中更换`);
      const sscc = ssccOf(gs1.extensionDigit, gs1.companyPrefix, serial);
      return {
        sscc,
        ssccText: ssccText(sscc, gs1.companyPrefix.length),
        lineKey: line.key,
        poNo: line.poNo,
        styleNo: line.styleNo,
        colour: line.colour,
        sizes: stickerSizesText(line.sizeBreakdown, line.sizeOrder),
        destination: line.destination,
        cartonNo,
        cartonTotal: options.cartonTotalOf(line),
        colourKey: keys[i],
        fill: fillOf.get(keys[i]) ?? '#ffffff',
      };
    }),
  );
  return { stickers, legend };
}
