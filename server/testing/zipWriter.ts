/**
 * Hand-made zips and workbooks for the tests of hostile uploads: parts written as given, and a directory that
 * may lie about an entry's size.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  data: Buffer;
  /** Already deflated bytes to store instead of deflating `data` (for entries too large to hold inflated). */
  deflated?: Buffer;
  /** The uncompressed size the directory declares (a lie when it differs from the real one). */
  declaredSize?: number;
}

export function zip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const compressed = part.deflated ?? deflateRawSync(part.data);
    const size = part.declaredSize ?? part.data.length;
    const crc = part.deflated ? 0 : crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(compressed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    directory.push(entry, name);
    offset += local.length + name.length + compressed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/** A one-sheet workbook from raw XML: `rows` is the inside of <sheetData>; shared strings and styles optional. */
export function rawWorkbook({
  rows,
  dimension,
  sharedStrings,
  styles,
}: {
  rows: string;
  dimension?: string;
  sharedStrings?: string[];
  styles?: string;
}): Buffer {
  const parts: ZipPart[] = [
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
          `${dimension ? `<dimension ref="${dimension}"/>` : ''}<sheetData>${rows}</sheetData></worksheet>`,
      ),
    },
  ];
  if (sharedStrings) {
    parts.push({
      name: 'xl/sharedStrings.xml',
      data: Buffer.from(`<sst>${sharedStrings.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`),
    });
  }
  if (styles) parts.push({ name: 'xl/styles.xml', data: Buffer.from(styles) });
  return zip(parts);
}
