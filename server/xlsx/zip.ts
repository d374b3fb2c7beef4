/**
 * The few zip entries of an uploaded workbook, inflated within bounds. The central directory's sizes are
 * checked against the budget before anything is inflated, and each entry is inflated with its declared size
 * as the limit: a zip whose directory under-states its sizes is refused when it passes what it declared, so
 * no upload makes the server hold more than the budget. Inflating runs off the event loop (zlib's thread pool).
 */
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflate = promisify(inflateRaw);

/** Not a zip, or a zip this reader will not open (encrypted, ZIP64, another compression). */
export class UnreadableSheetError extends Error {}
/** More than the limits: unpacked bytes, rows or columns. */
export class OversizedSheetError extends Error {}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localHeaderAt: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The entries listed in the central directory. */
export function zipEntries(file: Buffer): ZipEntry[] {
  for (let end = file.length - 22; end >= Math.max(0, file.length - 22 - 0xffff); end -= 1) {
    if (file.readUInt32LE(end) !== END_OF_DIRECTORY) continue;
    const count = file.readUInt16LE(end + 10);
    let at = file.readUInt32LE(end + 16);
    const entries: ZipEntry[] = [];
    for (let n = 0; n < count; n += 1) {
      if (at + 46 > file.length || file.readUInt32LE(at) !== DIRECTORY_ENTRY)
        throw new UnreadableSheetError('broken zip directory');
      const nameLength = file.readUInt16LE(at + 28);
      entries.push({
        flags: file.readUInt16LE(at + 8),
        method: file.readUInt16LE(at + 10),
        compressedSize: file.readUInt32LE(at + 20),
        size: file.readUInt32LE(at + 24),
        localHeaderAt: file.readUInt32LE(at + 42),
        name: file.toString('utf8', at + 46, at + 46 + nameLength),
      });
      at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    }
    return entries;
  }
  throw new UnreadableSheetError('not a zip file');
}

/** Uncompressed bytes the directory declares; 0xffffffff (a ZIP64 size) counts as more than any limit. */
export function declaredSize(entries: readonly ZipEntry[]): number {
  return entries.reduce((total, entry) => total + (entry.size === 0xffffffff ? Infinity : entry.size), 0);
}

/** One entry's bytes, never more than its declared size. */
export async function unzipEntry(file: Buffer, entry: ZipEntry): Promise<Buffer> {
  if (entry.flags & 0x1) throw new UnreadableSheetError('encrypted zip entry');
  const at = entry.localHeaderAt;
  if (at + 30 > file.length || file.readUInt32LE(at) !== LOCAL_HEADER) throw new UnreadableSheetError('broken zip entry');
  const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
  const data = file.subarray(start, start + entry.compressedSize);
  if (data.length < entry.compressedSize) throw new UnreadableSheetError('truncated zip entry');
  if (entry.method === 0) {
    if (data.length !== entry.size) throw new OversizedSheetError(`${entry.name} is not the size its directory says`);
    return data;
  }
  if (entry.method !== 8) throw new UnreadableSheetError(`zip compression ${entry.method}`);
  try {
    // One byte of room: an entry that inflates past its declared size is lying about it.
    const out = await inflate(data, { maxOutputLength: Math.max(entry.size + 1, 1) });
    if (out.length !== entry.size) throw new OversizedSheetError(`${entry.name} is not the size its directory says`);
    return out;
  } catch (error) {
    if (error instanceof OversizedSheetError) throw error;
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new OversizedSheetError(`${entry.name} inflates past its declared size`);
    throw new UnreadableSheetError(`${entry.name}: ${(error as Error).message}`);
  }
}
