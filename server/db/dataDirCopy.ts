/**
 * A copy of a PGlite data folder as it is between two transactions, taken without holding the server back. PGlite
 * has one connection, so pg_dump on the serving instance would run the server's statements inside its snapshot;
 * and copying the whole folder while every query waits stalled the server for seconds with large documents stored.
 * So the folder is copied twice: once while the server goes on (a copy that may be torn), then, holding PGlite's
 * transaction lock, again for only the files that changed since (the current WAL segment and the tables just
 * written: milliseconds). What the copy holds is what a crash at that moment would leave, which PostgreSQL opens
 * by replaying its WAL, as with a file-system snapshot.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** Size and modification time of every file under `folder`, by path relative to it; a folder's with size -1. */
type Seen = Map<string, { size: number; mtimeMs: number }>;

/** The server's lock on the folder: the copy is opened by a process of its own. */
const SKIPPED = new Set(['postmaster.pid']);

function filesOf(folder: string, under = '', seen: Seen = new Map()): Seen {
  for (const entry of fs.readdirSync(path.join(folder, under), { withFileTypes: true })) {
    const relative = path.join(under, entry.name);
    if (entry.isDirectory()) {
      // PostgreSQL wants its empty folders (pg_notify, pg_stat_tmp, …) too.
      seen.set(relative, { size: -1, mtimeMs: 0 });
      filesOf(folder, relative, seen);
    } else if (entry.isFile() && !SKIPPED.has(relative)) {
      const { size, mtimeMs } = fs.statSync(path.join(folder, relative));
      seen.set(relative, { size, mtimeMs });
    }
  }
  return seen;
}

/**
 * A file's modification time is coarse (ext4 keeps it to the kernel's tick): a file written during the first pass
 * may keep the time it had. So the second pass copies again every file modified since a second before the first
 * began, besides those new or resized.
 */
const TICK_MARGIN_MS = 1000;

/**
 * Copies into `target` the files of `source` that are new, resized or modified since `since` (all of them when
 * `copied` is empty), drops those gone; answers what it saw and how many it copied.
 */
async function copyChanged(source: string, target: string, copied: Seen, since = 0): Promise<{ seen: Seen; files: number }> {
  const seen = filesOf(source);
  let files = 0;
  for (const [relative, { size, mtimeMs }] of seen) {
    const before = copied.get(relative);
    if (before && before.size === size && before.mtimeMs === mtimeMs && mtimeMs < since - TICK_MARGIN_MS) continue;
    if (size === -1) {
      await fs.promises.mkdir(path.join(target, relative), { recursive: true });
      continue;
    }
    await fs.promises.mkdir(path.dirname(path.join(target, relative)), { recursive: true });
    await fs.promises.copyFile(path.join(source, relative), path.join(target, relative));
    files += 1;
  }
  for (const relative of copied.keys()) {
    if (!seen.has(relative)) await fs.promises.rm(path.join(target, relative), { recursive: true, force: true });
  }
  return { seen, files };
}

/** Copies the served data folder `dataDir` of `pg` into `target` (a new folder); answers the files copied under the lock. */
export async function copyBetweenTransactions(pg: PGlite, dataDir: string, target: string): Promise<number> {
  const firstPass = Date.now();
  const { seen } = await copyChanged(dataDir, target, new Map());
  return pg._runExclusiveTransaction(async () => (await copyChanged(dataDir, target, seen, firstPass)).files);
}
