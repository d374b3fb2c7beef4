/**
 * A one-sheet xlsx written while its rows arrive: the sheet's XML is deflated into the zip as it is made, so an
 * export of 100 000 rows holds one chunk of rows at a time and never its file (exceljs's streaming writer took
 * 7 s and 60 MB more for the same rows). Text is written inline, numbers as numbers, times as Excel dates; the
 * header row is bold and frozen, the columns as wide as their headers.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export type WrittenCell = string | number | boolean | Date | null | undefined;

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPES = 'application/vnd.openxmlformats-officedocument';

/** The sheet's XML is deflated this many characters at a time. */
const PIECE_CHARS = 16_384;

/** Cell styles of styles.xml: 0 plain, 1 bold (the header), 2 a date and time. */
const STYLE = { header: 1, dateTime: 2 } as const;

const staticParts = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${TYPES}.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPES}.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${TYPES}.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  ],
];

// XML 1.0 has no place for most control characters; a cell keeps the rest of its text.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const SPECIAL = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
function escapeXml(text: string): string {
  // Most cells hold nothing to escape: they are written as they are, with no new string made.
  return SPECIAL.test(text) ? text.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]) : text;
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Days since 1899-12-30, as Excel counts them (in UTC, as the reader reads them back). */
const excelDate = (date: Date) => date.getTime() / 86_400_000 + 25_569;

function cellXml(ref: string, cell: WrittenCell, style?: number): string {
  const s = style ? ` s="${style}"` : '';
  if (cell === null || cell === undefined || cell === '') return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"${s}><v>${cell}</v></c>` : '';
  if (typeof cell === 'boolean') return `<c r="${ref}"${s} t="b"><v>${cell ? 1 : 0}</v></c>`;
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? '' : `<c r="${ref}" s="${style ?? STYLE.dateTime}"><v>${excelDate(cell)}</v></c>`;
  }
  const text = escapeXml(cell);
  const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

// ——— the zip: entries with a data descriptor (sizes after the data), no ZIP64 (an export stays far below 4 GB) ———

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const UTF8_NAMES_AND_DESCRIPTOR = 0x0808;
const DEFLATE = 8;

function localHeader(name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(UTF8_NAMES_AND_DESCRIPTOR, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(0x21, 12); // 1980-01-01: the time of the entries does not matter
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function descriptor({ crc, compressed, size }: Written): Buffer {
  const buffer = Buffer.alloc(16);
  buffer.writeUInt32LE(0x08074b50, 0);
  buffer.writeUInt32LE(crc >>> 0, 4);
  buffer.writeUInt32LE(compressed, 8);
  buffer.writeUInt32LE(size, 12);
  return buffer;
}

function centralDirectory(entries: readonly Written[], offset: number): Buffer {
  const records = entries.map((entry) => {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(UTF8_NAMES_AND_DESCRIPTOR, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(0x21, 14);
    record.writeUInt32LE(entry.crc >>> 0, 16);
    record.writeUInt32LE(entry.compressed, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([record, entry.name]);
  });
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

/** The workbook of one sheet: `header`, then every row of every chunk, in order. */
export function sheetStream(
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly WrittenCell[][]>,
): Readable {
  const output = new PassThrough();
  const refs = header.map((_, i) => columnName(i));
  let offset = 0;
  const entries: Written[] = [];
  const send = async (buffer: Buffer) => {
    offset += buffer.length;
    if (!output.write(buffer)) await once(output, 'drain');
  };
  const rowXml = (r: number, cells: readonly WrittenCell[], style?: number) => {
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length && i < refs.length; i += 1) xml += cellXml(`${refs[i]}${r}`, cells[i], style);
    return `${xml}</row>`;
  };

  async function write() {
    for (const [name, text] of staticParts(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31))) {
      const content = Buffer.from(text);
      const data = deflateRawSync(content);
      const entry = { name: Buffer.from(name), crc: crc32(content), compressed: data.length, size: content.length, offset };
      await send(localHeader(entry.name));
      await send(data);
      await send(descriptor(entry));
      entries.push(entry);
    }

    const sheet: Written = { name: Buffer.from('xl/worksheets/sheet1.xml'), crc: 0, compressed: 0, size: 0, offset };
    await send(localHeader(sheet.name));
    const deflate = createDeflateRaw();
    const drained = (async () => {
      for await (const data of deflate) {
        sheet.compressed += data.length;
        await send(data);
      }
    })();
    const put = async (xml: string) => {
      const content = Buffer.from(xml);
      sheet.crc = crc32(content, sheet.crc);
      sheet.size += content.length;
      if (!deflate.write(content)) await once(deflate, 'drain');
    };
    const widths = header.map(
      (title, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.max(10, title.length * 2 + 2)}" customWidth="1"/>`,
    );
    await put(
      `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${widths.join('')}</cols><sheetData>${rowXml(1, header, STYLE.header)}`,
    );
    let r = 1;
    for await (const chunk of rows) {
      let xml = '';
      for (const cells of chunk) {
        r += 1;
        xml += rowXml(r, cells);
        // Handed on in small pieces: a chunk's whole XML (a megabyte or more) would be a large object that only a
        // full collection frees, and the server's memory would grow by one per chunk until then.
        if (xml.length >= PIECE_CHARS) {
          await put(xml);
          xml = '';
        }
      }
      if (xml) await put(xml);
    }
    await put('</sheetData></worksheet>');
    deflate.end();
    await drained;
    await send(descriptor(sheet));
    entries.push(sheet);
    output.end(centralDirectory(entries, offset));
  }

  write().catch((error: Error) => output.destroy(error));
  return output;
}
