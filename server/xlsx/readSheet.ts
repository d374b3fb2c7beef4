/**
 * Reads the first worksheet of an uploaded xlsx into rows of plain cell values, within limits that no file can
 * talk its way past: the unpacked size (zip.ts), the declared dimension, and every cell's row and column are
 * checked before a row is built, so a sparse cell in column XFD is refused instead of making a 16 384-wide
 * row. The XML is scanned in slices that give the event loop back, so other requests are answered meanwhile.
 * Cell values: text (shared, inline or formula strings), numbers, booleans, and Dates for date-formatted
 * numbers within Excel's calendar; error cells and blanks are null.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { declaredSize, OversizedSheetError, UnreadableSheetError, unzipEntry, zipEntries, type ZipEntry } from './zip';

export { OversizedSheetError, UnreadableSheetError } from './zip';

export type SheetCell = string | number | boolean | Date | null;

export interface SheetLimits {
  maxUnpackedBytes: number;
  /** Rows of the sheet, header included. */
  maxRows: number;
  /** Columns from A; a cell further right refuses the file. */
  maxColumns: number;
}

/** Rows scanned between two yields to the event loop. */
const ROWS_PER_SLICE = 500;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text → string: entities, then Excel's `_xHHHH_` escapes (a control character stays one: the contract refuses it). */
function xmlText(raw: string): string {
  return raw
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/_x([0-9a-f]{4})_/gi, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The text of an <si> or <is>: every <t> run, phonetic guides (<rPh>) left out. */
function richText(xml: string): string {
  let text = '';
  for (const match of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g))
    text += xmlText(match[1]);
  return text;
}

const attributePatterns = new Map<string, RegExp>();
/** The value of attribute `name` in a tag's attribute text (patterns made once per name: this runs per cell). */
function attribute(attributes: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) attributePatterns.set(name, (pattern = new RegExp(`(?:^|\\s)${name}="([^"]*)"`)));
  return pattern.exec(attributes)?.[1];
}

/** "XFD" → 16 384 (1-based); NaN when not letters. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) {
    const digit = ch.charCodeAt(0) - 64;
    if (digit < 1 || digit > 26) return Number.NaN;
    n = n * 26 + digit;
  }
  return n || Number.NaN;
}

/** "B12" → { row: 12, column: 2 } */
function cellRef(ref: string): { row: number; column: number } | undefined {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref);
  return match ? { column: columnNumber(match[1]), row: Number(match[2]) } : undefined;
}

function checkPlace(row: number, column: number, limits: SheetLimits) {
  if (row > limits.maxRows) throw new OversizedSheetError(`row ${row} is past ${limits.maxRows}`);
  if (column > limits.maxColumns) throw new OversizedSheetError(`column ${column} is past ${limits.maxColumns}`);
}

// ——— dates ———

const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
/** Excel's serial day 0 is 1899-12-30; 2 958 465 is 9999-12-31. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const LAST_SERIAL = 2_958_465;

function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare);
}

/** For each cell style index (the `s` of a cell), whether its number format is a date. */
function dateStyles(stylesXml: string | undefined): boolean[] {
  if (!stylesXml) return [];
  const custom = new Map<number, string>();
  for (const match of stylesXml.matchAll(/<numFmt\b([^>]*)\/?>/g)) {
    const id = Number(attribute(match[1], 'numFmtId'));
    custom.set(id, xmlText(attribute(match[1], 'formatCode') ?? ''));
  }
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  return [...cellXfs.matchAll(/<xf\b([^>]*)\/?>/g)].map((match) => {
    const id = Number(attribute(match[1], 'numFmtId') ?? 0);
    return BUILT_IN_DATE_FORMATS.has(id) || (custom.has(id) && isDateFormat(custom.get(id) as string));
  });
}

function serialDate(serial: number): Date | number {
  if (!(serial >= 1 && serial <= LAST_SERIAL)) return serial;
  return new Date(EXCEL_EPOCH_MS + Math.round(serial * 86_400_000));
}

// ——— the workbook's parts ———

async function entryText(file: Buffer, entries: Map<string, ZipEntry>, name: string): Promise<string | undefined> {
  const entry = entries.get(name);
  return entry ? (await unzipEntry(file, entry)).toString('utf8') : undefined;
}

/** The first sheet's part name, through the workbook and its relationships. */
async function firstSheetPath(file: Buffer, entries: Map<string, ZipEntry>): Promise<string> {
  const workbook = await entryText(file, entries, 'xl/workbook.xml');
  const rels = await entryText(file, entries, 'xl/_rels/workbook.xml.rels');
  const sheet = workbook && /<sheet\b([^>]*)\/?>/.exec(workbook)?.[1];
  const id = sheet && attribute(sheet, 'r:id');
  const relation =
    id && rels ? [...rels.matchAll(/<Relationship\b([^>]*)\/?>/g)].find((match) => attribute(match[1], 'Id') === id) : undefined;
  const target = relation && attribute(relation[1], 'Target');
  if (!target) return 'xl/worksheets/sheet1.xml';
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

async function sharedStrings(xml: string | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!xml) return strings;
  for (const match of xml.matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)) {
    strings.push(match[1] === undefined ? '' : richText(match[1]));
    if (strings.length % (ROWS_PER_SLICE * 10) === 0) await yieldToEventLoop();
  }
  return strings;
}

function cellValue(attributes: string, inner: string, strings: readonly string[], dates: readonly boolean[]): SheetCell {
  const type = attribute(attributes, 't') ?? 'n';
  if (type === 'inlineStr') return richText(inner);
  const raw = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  if (raw === undefined) return null;
  switch (type) {
    case 's':
      return strings[Number(raw)] ?? null;
    case 'str':
      return xmlText(raw);
    case 'b':
      return raw === '1';
    case 'e':
      return null;
    case 'd': {
      const date = new Date(xmlText(raw));
      return Number.isNaN(date.getTime()) ? xmlText(raw) : date;
    }
    default: {
      const value = Number(raw);
      if (!Number.isFinite(value)) return xmlText(raw);
      return dates[Number(attribute(attributes, 's') ?? 0)] ? serialDate(value) : value;
    }
  }
}

/** `rows[i]` is Excel row i + 1, an array of cell values from column A (holes where a row or cell is missing). */
export async function readFirstSheet(file: Buffer, limits: SheetLimits): Promise<SheetCell[][]> {
  const list = zipEntries(file);
  if (declaredSize(list) > limits.maxUnpackedBytes) throw new OversizedSheetError(`${declaredSize(list)} bytes unpacked`);
  const entries = new Map(list.map((entry) => [entry.name, entry]));
  const sheetPath = await firstSheetPath(file, entries);
  const sheetXml = await entryText(file, entries, sheetPath);
  if (sheetXml === undefined) throw new UnreadableSheetError('no worksheet');

  const dimension = /<dimension\b[^>]*\bref="[^":]*:?([^"]*)"/.exec(sheetXml)?.[1];
  const corner = dimension ? cellRef(dimension) : undefined;
  if (corner) checkPlace(corner.row, corner.column, limits);

  const strings = await sharedStrings(await entryText(file, entries, 'xl/sharedStrings.xml'));
  const dates = dateStyles(await entryText(file, entries, 'xl/styles.xml'));
  const rows: SheetCell[][] = [];
  let rowNumber = 0;
  let scanned = 0;
  for (const rowMatch of sheetXml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    rowNumber = Number(attribute(rowMatch[1], 'r') ?? rowNumber + 1);
    if (!Number.isInteger(rowNumber) || rowNumber < 1) throw new UnreadableSheetError('bad row number');
    checkPlace(rowNumber, 1, limits);
    const cells: SheetCell[] = [];
    let column = 0;
    for (const cellMatch of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = attribute(cellMatch[1], 'r');
      const place = ref ? cellRef(ref) : { row: rowNumber, column: column + 1 };
      if (!place || Number.isNaN(place.column)) throw new UnreadableSheetError(`bad cell reference ${ref}`);
      column = place.column;
      checkPlace(rowNumber, column, limits);
      const value = cellValue(cellMatch[1], cellMatch[2] ?? '', strings, dates);
      if (value !== null) cells[column - 1] = value;
    }
    rows[rowNumber - 1] = cells;
    scanned += 1;
    if (scanned % ROWS_PER_SLICE === 0) await yieldToEventLoop();
  }
  return rows;
}
