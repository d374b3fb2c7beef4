import fs from 'node:fs';
import path from 'node:path';

/** A PostgreSQL program: the newest of Debian's installed versions, else the PATH's. */
export function postgresProgram(name: 'pg_dump' | 'pg_restore' | 'psql' | 'initdb' | 'pg_ctl'): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(root, versions[0], 'bin', name) : name;
}
