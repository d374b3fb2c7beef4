import path from 'node:path';
import type { ServerConfig } from '../config';
import { openDatabase, type Database } from './open';

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: ServerConfig): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
}
