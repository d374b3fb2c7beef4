/**
 * Starts Shipdesk: configuration from the environment, the database opened and migrated, demo accounts on
 * the first start of an empty embedded database, the API and the built SPA on one port. SIGINT / SIGTERM
 * stop taking connections, finish the requests in flight (up to SHUTDOWN_GRACE_SECONDS) and the scheduled job
 * running, then close the database's pools.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { createPrivately, dataDirWarning } from './dataAtRest';
import { configFromEnv } from './config';
import { servedEmbedded, writeBackup } from './db/backup';
import { serveBackups } from './db/control';
import { embeddedDir, openConfiguredDatabase } from './db/fromConfig';
import { hasNoUsers, prepareDatabase } from './db/prepare';
import { DEMO_PASSWORD, demoAccounts } from '../demo/accounts';
import { seedDemo } from './domain/demo/seed';
import { distFolder } from './paths';
import { loggerOptions } from './http/logging';

async function main() {
  const startedAt = performance.now();
  createPrivately();
  const config = configFromEnv();
  const database = await openConfiguredDatabase(config);
  await prepareDatabase(database);
  const seeded =
    database.kind === 'pglite' && (await hasNoUsers(database))
      ? (await seedDemo(database.db, { booking: config.demoBooking })).accounts
      : [];

  const hasSpa = fs.existsSync(path.join(distFolder, 'index.html'));
  const app = await buildApp({
    db: database,
    config,
    distDir: hasSpa ? distFolder : undefined,
    logger: loggerOptions(process.env.LOG_LEVEL || 'info'),
  });
  const exposed = dataDirWarning(config.dataDir);
  if (exposed) app.log.warn(exposed);
  if (!hasSpa) app.log.warn(`${distFolder} has no built web app: serving the API only (npm run build)`);

  let stopBackups = async () => undefined as void;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing the requests in flight');
    try {
      await stopBackups();
      if (!(await app.lifecycle.stop(config.shutdownGraceSeconds * 1000))) throw new Error('requests still running');
      await database.close();
      app.log.info('database closed, bye');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (database.kind === 'pglite') {
    // `npm run admin -- backup` cannot open the embedded database while it is served: it asks this process.
    stopBackups = await serveBackups(config.dataDir, async (file) => {
      const done = await writeBackup(config, file, servedEmbedded(config, database));
      app.log.info(done);
      return done;
    });
  }
  const where = database.kind === 'pglite' ? embeddedDir(config) : 'PostgreSQL (DATABASE_URL)';
  app.log.info({ ms: Math.round(performance.now() - startedAt), database: database.kind }, 'ready');
  const lines = ['', `  Shipdesk is running at http://localhost:${config.port}  (database: ${where})`];
  if (seeded.length) {
    lines.push('', `  Demo accounts created, password ${DEMO_PASSWORD}:`);
    for (const account of demoAccounts.filter((a) => seeded.includes(a.name)))
      lines.push(`    ${account.name.padEnd(10)} ${account.role}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
