/**
 * A PostgreSQL server of a test's own (Debian's postgresql package), which the test may stop and start again: a
 * database outage, a restore into an empty server. As root the server runs as user postgres, as
 * tests/support/with-postgres.sh does it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresProgram } from '../db/postgresPrograms';
import { freePort } from './freePort';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** The folder of PostgreSQL's programs (pg_dump, pg_restore, psql). */
  bindir: string;
  /** Stops the server (`pg_ctl stop -m fast`: sessions are cut off); resolves once it is down. */
  stop(): void;
  /** Starts it again; resolves once it accepts connections. */
  start(): void;
  /** Stops it and removes its data. */
  remove(): void;
}

/** initdb's a throwaway server and starts it on a free port. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const initdb = postgresProgram('initdb');
  if (!path.isAbsolute(initdb))
    throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install -y postgresql');
  const bindir = path.dirname(initdb);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', '--no-create-home', 'postgres']);
    }
  }
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bindir, program),
      asRoot ? ['-u', 'postgres', '--', path.join(bindir, program), ...args] : args,
      {
        stdio: 'pipe',
      },
    );
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-pgc-'));
  fs.chmodSync(workdir, 0o755);
  if (asRoot) execFileSync('chown', ['postgres', workdir]);
  const data = path.join(workdir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${workdir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', path.join(workdir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    bindir,
    stop,
    start,
    remove() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(workdir, { recursive: true, force: true });
    },
  };
}
