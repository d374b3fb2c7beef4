/** A process serving backups on DATA_DIR (argv[2]) that dies while it writes one: control.test.ts's server crash. */
import { serveBackups } from '../db/control';

void serveBackups(process.argv[2], async () => {
  setTimeout(() => process.exit(1), 100);
  return new Promise<string>(() => undefined);
});
