import path from 'node:path';
import type { ServerConfig } from '../config';
import { openDatabase, type Database } from './open';

/** Where the embedded database keeps its files: DATA_DIR/pglite. */
export const embeddedDir = (config: Pick<ServerConfig, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: ServerConfig): Promise<Database> {
  return config.databaseUrl ? openDatabase({ databaseUrl: config.databaseUrl }) : openDatabase({ dataDir: embeddedDir(config) });
}
