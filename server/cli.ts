/**
 * The admin command line: `npm run admin -- <command>`. Uses the same configuration as the server
 * (DATABASE_URL, or PGlite in DATA_DIR — stop the server first, PGlite allows one process; a backup the running
 * server writes itself).
 */
import { runAdminCommand, usage, UsageError } from './admin';
import { configFromEnv } from './config';
import { createPrivately } from './dataAtRest';
import { backupDatabase, restoreDatabase } from './db/backup';
import { openConfiguredDatabase } from './db/fromConfig';
import { moveToPostgres } from './db/move';
import { prepareDatabase } from './db/prepare';

async function main() {
  createPrivately();
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return;
  }
  // A backup reads the database as it is; a restore fills an empty one: neither opens it as the other commands do.
  if (command === 'move-to-postgres') {
    if (args.length)
      throw new UsageError('move-to-postgres takes no arguments: DATA_DIR and DATABASE_URL say from where and to where');
    console.log(await moveToPostgres(configFromEnv(), console.log));
    return;
  }
  if (command === 'backup' || command === 'restore') {
    if (args.length !== 1) throw new UsageError(`${command} takes one file`);
    const config = configFromEnv();
    console.log(await (command === 'backup' ? backupDatabase(config, args[0]) : restoreDatabase(config, args[0])));
    return;
  }
  const database = await openConfiguredDatabase(configFromEnv());
  try {
    await prepareDatabase(database);
    console.log(await runAdminCommand(command, args, database.db, console.log));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof UsageError ? `${error.message}\n\n${usage}` : `error: ${error.message}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
