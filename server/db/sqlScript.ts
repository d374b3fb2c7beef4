/**
 * Runs a SQL script (a pg_dump) on PGlite in batches of whole statements: one `exec` of a large dump (400 MB for a
 * million packing lines) exhausts PGlite's memory. The script is read line by line; a batch ends at the end of a
 * line that ends a statement outside any quoted text — '…' (with '' inside), "…", or a $tag$ body (the triggers).
 */
import fs from 'node:fs';
import readline from 'node:readline';

const BATCH_CHARS = 4_000_000;

/** The quote still open after `line`, given the one open before it (null: none). */
export function openQuoteAfter(line: string, open: string | null): string | null {
  let quote = open;
  for (let i = 0; i < line.length;) {
    if (quote) {
      const end = line.indexOf(quote, i);
      if (end < 0) return quote;
      i = end + quote.length;
      quote = null;
      continue;
    }
    const c = line[i];
    if (c === "'" || c === '"') {
      quote = c;
      i += 1;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(line.slice(i, i + 64))?.[0];
      if (tag) quote = tag;
      i += tag ? tag.length : 1;
    } else if (c === '-' && line[i + 1] === '-') {
      return null;
    } else {
      i += 1;
    }
  }
  return quote;
}

/** Executes the script of `file` with `exec`, batch by batch, in order. */
export async function execScript(file: string, exec: (sql: string) => Promise<unknown>): Promise<void> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let batch: string[] = [];
  let size = 0;
  let quote: string | null = null;
  for await (const line of lines) {
    batch.push(line);
    size += line.length + 1;
    quote = openQuoteAfter(line, quote);
    if (!quote && size >= BATCH_CHARS && line.trimEnd().endsWith(';')) {
      await exec(batch.join('\n'));
      batch = [];
      size = 0;
    }
  }
  if (batch.some((line) => line.trim())) await exec(batch.join('\n'));
}
