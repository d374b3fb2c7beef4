/** The commands of `npm run admin -- <command>` (cli.ts runs them on the configured database). */
import { parseArgs } from 'node:util';
import { asc } from 'drizzle-orm';
import { PASSWORD_MIN, personRoles, systemRole, type PersonRole } from '../contract/shared/common';
import { createSession } from './auth/sessions';
import { newToken } from './auth/tokens';
import { userStatusLabels } from '../contract/user/schema';
import type { Db } from './db/open';
import { users } from './db/schema';
import { seedDemo } from './domain/demo/seed';
import { generateBulkLines } from './domain/demo/packing';
import { createUser, findUserRow, setPassword, setUserStatus } from './domain/user';

export const usage = `Usage: npm run admin -- <command>

  user:create --name <name> --password <password> --role <user|documentClerk|inspector|admin>
              [--realName <姓名>] [--email <e-mail>] [--phone <mobile>]   an active account (admin: the
                                    administrator, who then runs every account from /admin)
  user:activate <name>              activate a pending (or disabled) account
  user:disable <name>               disable an account (its sessions stop working)
  user:password <name> <password>   set a password; every session of the account ends
  user:list                         list the accounts
  system:token --name <name> [--days <n>]
                                    a token for a carrier's or terminal's system (role system; made with its account
                                    when new) that pushes Track & Trace events to POST /v1/tnt/events; valid n days
                                    (default 365); user:disable <name> stops it at once
  demo:seed                         create the demo data that is missing: accounts (password shipdesk123),
                                    factories, size groups, GBS orders, packing lines of user and user2
  demo:generate --lines <n> [--owner <name>]
                                    insert n synthetic packing lines for an account (default user), for benchmarks
  backup <file>                     back the database up to <file>: pg_dump's custom format on PostgreSQL, a SQL
                                    script on the embedded database; while the server runs too (one snapshot)
  restore <file>                    restore a backup into an empty database (DATABASE_URL) or an empty DATA_DIR
  move-to-postgres                  copy the embedded database of DATA_DIR into the empty PostgreSQL database of
                                    DATABASE_URL, check every table's rows and every sequence; DATA_DIR is only read`;

/** A system token's longest life, in days. */
const MAX_TOKEN_DAYS = 3650;

/** The generator's ceiling: keys run to BD99999999. */
const MAX_GENERATED_LINES = 10_000_000;

export class UsageError extends Error {}

async function findOrFail(db: Db, name: string | undefined) {
  if (!name) throw new UsageError('name missing');
  const row = await findUserRow(db, name);
  if (!row) throw new Error(`no account named ${name}`);
  return row;
}

/** Runs one command and answers what to print; a wrong call throws UsageError. */
export async function runAdminCommand(
  command: string | undefined,
  args: string[],
  db: Db,
  log: (line: string) => void = () => undefined,
): Promise<string> {
  switch (command) {
    case 'user:create': {
      const { values } = parseArgs({
        args,
        options: {
          name: { type: 'string' },
          password: { type: 'string' },
          role: { type: 'string' },
          realName: { type: 'string' },
          email: { type: 'string' },
          phone: { type: 'string' },
        },
      });
      if (!values.name || !values.password || !values.role) throw new UsageError('--name, --password and --role are required');
      if (!personRoles.includes(values.role as PersonRole))
        throw new UsageError(`--role must be one of ${personRoles.join(', ')}`);
      if (values.password.length < PASSWORD_MIN) throw new UsageError(`the password needs ${PASSWORD_MIN} characters at least`);
      const row = await createUser(
        db,
        {
          name: values.name,
          password: values.password,
          roles: [values.role as PersonRole],
          status: 'active',
          realName: values.realName,
          email: values.email,
          phone: values.phone,
        },
        'cli',
      );
      return `created ${row.name} (${values.role}), id ${row.id}`;
    }
    case 'user:activate':
    case 'user:disable': {
      const row = await findOrFail(db, args[0]);
      const status = command === 'user:activate' ? 'active' : 'disabled';
      await setUserStatus(db, row.id, status, 'cli');
      return `${row.name}: ${userStatusLabels[status]}`;
    }
    case 'user:password': {
      const [name, password] = args;
      const row = await findOrFail(db, name);
      if (!password || password.length < PASSWORD_MIN)
        throw new UsageError(`the password needs ${PASSWORD_MIN} characters at least`);
      await setPassword(db, row.id, password, 'cli');
      return `password of ${row.name} set; its sessions ended`;
    }
    case 'user:list': {
      const rows = await db.select().from(users).orderBy(asc(users.createdAt));
      const lines = rows.map((row) =>
        [
          row.name.padEnd(16),
          row.roles.join(',').padEnd(16),
          userStatusLabels[row.status].padEnd(4),
          row.realName.padEnd(8),
          row.email,
          row.phone ?? '',
        ].join('  '),
      );
      return [`${rows.length} account(s)`, ...lines].join('\n');
    }
    case 'system:token': {
      const { values } = parseArgs({ args, options: { name: { type: 'string' }, days: { type: 'string', default: '365' } } });
      const days = Number(values.days);
      if (!values.name) throw new UsageError('--name is required');
      if (!Number.isInteger(days) || days < 1 || days > MAX_TOKEN_DAYS)
        throw new UsageError(`--days must be a whole number from 1 to ${MAX_TOKEN_DAYS}`);
      const existing = await findUserRow(db, values.name);
      if (existing && !existing.roles.includes(systemRole))
        throw new UsageError(`${values.name} is a person's account, not a system's`);
      // No one knows the password of a system account: it is random and never shown.
      const row =
        existing ??
        (await createUser(db, { name: values.name, password: newToken(), roles: [systemRole], status: 'active' }, 'cli'));
      const token = await createSession(db, row.id, days * 24);
      return `token of ${row.name} (system), valid ${days} days — shown once, keep it safe:\n${token}`;
    }
    case 'demo:seed': {
      const seeded = await seedDemo(db);
      const added = [
        seeded.accounts.length ? `accounts ${seeded.accounts.join(', ')} (password shipdesk123)` : '',
        seeded.lookups ? `${seeded.lookups} lookup rows` : '',
        seeded.lines ? `${seeded.lines} packing lines` : '',
        seeded.inspections ? `${seeded.inspections} needle inspections` : '',
        seeded.prices ? `${seeded.prices} sailing prices` : '',
        seeded.plans ? `${seeded.plans} booking plans` : '',
      ].filter(Boolean);
      return added.length ? `created ${added.join('; ')}` : 'the demo data exists already';
    }
    case 'demo:generate': {
      const { values } = parseArgs({ args, options: { lines: { type: 'string' }, owner: { type: 'string', default: 'user' } } });
      const lines = Number(values.lines);
      if (!Number.isInteger(lines) || lines < 1 || lines > MAX_GENERATED_LINES) {
        throw new UsageError(`--lines must be a whole number from 1 to ${MAX_GENERATED_LINES}`);
      }
      const startedAt = performance.now();
      const result = await generateBulkLines(db, {
        lines,
        owner: values.owner,
        progress: (written) => log(`${written} / ${lines} lines (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`),
      });
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      return `generated ${result.lines} packing lines for ${values.owner} in ${seconds} s (POs ${result.poPrefix}-000001…)`;
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'command missing');
  }
}
