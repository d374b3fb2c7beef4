/**
 * The scheduled backup: every BACKUP_EVERY_HOURS a backup in BACKUP_DIR (`shipdesk-<UTC time>.dump` on PostgreSQL,
 * `.sql` on the embedded database), the newest BACKUP_KEEP kept. One process of several writes it (schedule.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { servedEmbedded, writeBackup } from '../db/backup';
import type { Database } from '../db/open';
import type { Job } from './schedule';

const BACKUP_FILE = /^shipdesk-\d{8}T\d{6}Z\.(dump|sql)$/;

/** `shipdesk-20261125T220000Z.sql`: names sort as times do. */
export function backupFileName(now: Date, kind: Database['kind']): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `shipdesk-${stamp}.${kind === 'postgres' ? 'dump' : 'sql'}`;
}

/** Removes the backups of `dir` but the newest `keep`; answers the names removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = fs
    .readdirSync(dir)
    .filter((name) => BACKUP_FILE.test(name))
    .sort()
    .reverse()
    .slice(keep);
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old;
}

export function scheduledBackup(config: ServerConfig, database: Database, log: (message: string) => void): Job {
  return {
    name: 'backup',
    everySeconds: config.backup.everyHours * 3600,
    waitFirst: true,
    async afterClaim(now) {
      const file = path.join(config.backup.dir, backupFileName(now, database.kind));
      log(await writeBackup(config, file, servedEmbedded(config, database)));
      const removed = pruneBackups(config.backup.dir, config.backup.keep);
      if (removed.length) log(`older backups removed: ${removed.join(', ')}`);
    },
  };
}
