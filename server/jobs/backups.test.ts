/**
 * The scheduled backup: first due one interval after it is first seen, written by the process that claims it
 * (outside the claim's transaction), the newest BACKUP_KEEP kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultConfig } from '../config';
import { openDatabase, type Database } from '../db/open';
import { prepareDatabase } from '../db/prepare';
import { backupFileName, pruneBackups, scheduledBackup } from './backups';
import { runIfDue } from './schedule';

let folder: string;
let database: Database;
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-backups-'));
  database = await openDatabase({ dataDir: path.join(folder, 'pglite') });
  await prepareDatabase(database);
}, 60_000);
afterAll(async () => {
  await database?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

it('names a backup by its UTC time, so that names sort as times do', () => {
  expect(backupFileName(new Date('2026-11-25T22:00:05.123Z'), 'pglite')).toBe('shipdesk-20261125T220005Z.sql');
  expect(backupFileName(new Date('2026-01-02T03:04:05Z'), 'postgres')).toBe('shipdesk-20260102T030405Z.dump');
});

it('keeps the newest backups and leaves other files alone', () => {
  const dir = fs.mkdtempSync(path.join(folder, 'prune-'));
  const names = ['shipdesk-20261101T000000Z.sql', 'shipdesk-20261103T000000Z.sql', 'shipdesk-20261102T000000Z.dump'];
  for (const name of [...names, 'notes.txt', 'shipdesk-20261104T000000Z.sql.partial']) fs.writeFileSync(path.join(dir, name), '');
  expect(pruneBackups(dir, 2)).toEqual(['shipdesk-20261101T000000Z.sql']);
  expect(fs.readdirSync(dir).sort()).toEqual([
    'notes.txt',
    'shipdesk-20261102T000000Z.dump',
    'shipdesk-20261103T000000Z.sql',
    'shipdesk-20261104T000000Z.sql.partial',
  ]);
});

it('writes a backup every interval, the first one interval after it is first seen, and keeps the newest', async () => {
  const dir = path.join(folder, 'backups');
  const config = defaultConfig({ dataDir: folder, backup: { dir, everyHours: 24, keep: 2 } });
  const logged: string[] = [];
  const job = scheduledBackup(config, database, (line) => logged.push(line));
  const start = new Date('2026-11-25T00:00:00Z');
  const day = (n: number) => new Date(start.getTime() + n * 24 * 3_600_000);
  expect(await runIfDue(database.db, job, start)).toBe(false);
  expect(fs.existsSync(dir)).toBe(false);
  for (const n of [1, 2, 3]) expect(await runIfDue(database.db, job, day(n))).toBe(true);
  expect(await runIfDue(database.db, job, day(3.5))).toBe(false);
  expect(fs.readdirSync(dir).sort()).toEqual(['shipdesk-20261127T000000Z.sql', 'shipdesk-20261128T000000Z.sql']);
  expect(fs.readFileSync(path.join(dir, 'shipdesk-20261128T000000Z.sql'), 'utf8')).toContain('CREATE TABLE public.bulk_lines');
  expect(logged.filter((line) => line.startsWith('backup written to'))).toHaveLength(3);
  expect(logged).toContain('older backups removed: shipdesk-20261126T000000Z.sql');
}, 60_000);
