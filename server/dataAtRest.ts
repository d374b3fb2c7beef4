/**
 * Data at rest for the server's account only. Backups hold every row (password hashes too) and the outbox holds mails
 * with working links, so what the server and the admin command write under DATA_DIR is 0700 / 0600 whatever the
 * umask they were started with. PGlite unpacks a new database's files 0666 (its own file system layer sets the
 * mode): those are narrowed once the database is open.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Every file and folder this process creates from now on: its account's only. */
export function createPrivately(): void {
  process.umask(0o077);
}

/** Narrows a tree to 0700 folders and 0600 files. */
export function narrowModes(folder: string): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const at = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      fs.chmodSync(at, 0o700);
      narrowModes(at);
    } else if (entry.isFile()) fs.chmodSync(at, 0o600);
  }
  fs.chmodSync(folder, 0o700);
}

/** A warning when accounts other than the server's may write the data folder, else undefined. */
export function dataDirWarning(dataDir: string): string | undefined {
  const stat = fs.statSync(dataDir, { throwIfNoEntry: false });
  if (!stat || (stat.mode & 0o022) === 0) return undefined;
  return `DATA_DIR ${dataDir} can be written by other accounts (mode ${(stat.mode & 0o777).toString(8)}): chmod 700 it`;
}
