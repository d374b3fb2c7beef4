/**
 * `npm run bench:packing`: the packing list call GET /v1/packing/bulkdata on the real server, next to a ceiling
 * that runs the same page query as raw SQL through the same driver; and the time of a 50 000-line xlsx import.
 *
 * For each database size it: generates the lines (`npm run admin -- demo:seed`, then `demo:generate --lines N`,
 * timed); measures four list calls — owner-filtered (demo customer `user`) and clerk-wide (`clerk`), each on
 * the first page and on a deep page — on
 *   - app:     the real server as `npm start` runs it (compiled server, LOG_LEVEL=warn, no request log lines, signed-in
 *              checks from its session cache: SESSION_CACHE_SECONDS=0 in the environment measures it without);
 *   - ceiling: a bare Fastify process that opens the same database with the same driver and pools (server/db/open.ts:
 *              pg Pools of 10 on PostgreSQL, the second keeping generic plans; PGlite on its data folder) and answers
 *              each call by replaying the SQL statements the server ran for it, with their parameters, as raw SQL on the
 *              pool each ran on (a statement the app prepared under a name is replayed under that name, so both skip
 *              parsing alike). It gets that SQL by building the
 *              server's app in its own process (server/app.ts on the same database), signing in as each caller,
 *              and recording what the app hands the driver (pg Pool.query / PoolClient.query, PGlite query) during
 *              the third identical call of each kind (steady state); the statements the sign-in check also runs
 *              (session and user look-ups, seen on GET /v1/users/current) are left out: they are the app's cost.
 *              It answers the rows as the server does: the JSON the database built for each line, unparsed.
 * On PostgreSQL both run at once and are measured in turns (rounds of a few seconds each, so that the background
 * load of a shared machine falls on both alike); PGlite allows one process, so there the ceiling goes first.
 * It prints p50/p95 latency, requests/s and the ratios app/ceiling, with PASS/MISS against issue 4's targets, and
 * GET /v1/users/current on the same app for scale (the lightest signed-in call: what the app's layers cost).
 *
 * Databases: PostgreSQL at 10 k and 1 M lines (10 connections), PGlite at 100 k (1 connection). PostgreSQL needs
 * DATABASE_URL: the npm script runs this under tests/support/with-postgres.sh (a throwaway server); each size
 * gets its own database `shipdesk_bench_<n>` there (synchronous_commit on, as in production), dropped afterwards.
 * A deep page is walked on the index at its first view and starts at the mark that view left from then on, while
 * no line comes or goes (server/domain/pageMarks.ts): the calls measured, and the ceiling's replay, are such views.
 * The lines are measured as the generator leaves them (it ends with VACUUM ANALYZE). demo:generate gives every
 * line to `user`, so the owner-filtered list of `user` is as long as the clerk-wide one (the owner's worst case).
 * The import (an xlsx of N lines of new POs, POSTed as `user` to /v1/packing/multi/bulkdata/import) runs on
 * the first PostgreSQL database after its list measurements.
 *
 * Options (flags, or the environment variable in brackets):
 *   --pg=10000,1000000   PostgreSQL sizes, '' to skip          [BENCH_PG_SIZES]
 *   --pglite=100000      PGlite sizes, '' to skip              [BENCH_PGLITE_SIZES]
 *   --import=50000       lines of the timed import, 0 to skip  [BENCH_IMPORT_LINES]
 *   --connections=10 --seconds=12 --warmup=2 --page-size=20
 *   --rounds=4           on PostgreSQL, app and ceiling run at once and are measured in turns, seconds/rounds each
 *   --deep-page=N        default: the deepest page the server serves (offset < bulkLimits.listMaxRows), or the last
 * It prints figures and exits 0 whatever they are; it fails only when something cannot be measured.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { bearerHeaders, DEMO_PASSWORD, freePort, projectRoot, signInDemo, startShipdesk } from '../support/server.mjs';
import { combine, load } from './load.mjs';

const self = fileURLToPath(import.meta.url);
const LIST = '/v1/packing/bulkdata';
/** Issue 4's targets. */
const TARGET = { p95Ms: 20, ceilingShare: 0.7, growth: 1.5, importSeconds: 10 };

// ——— options ———

function option(name, envName, fallback) {
  const arg = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (arg?.includes('=')) return arg.slice(arg.indexOf('=') + 1);
  if (arg) return process.argv[process.argv.indexOf(arg) + 1] ?? '';
  return process.env[envName] ?? fallback;
}
const sizes = (text) =>
  String(text)
    .split(',')
    .map((s) => s.trim().replace(/_/g, ''))
    .filter(Boolean)
    .map((s) => {
      const n = Number(/^(\d+(?:\.\d+)?)([km]?)$/i.exec(s)?.[1]) * ({ k: 1e3, m: 1e6 }[s.slice(-1).toLowerCase()] ?? 1);
      if (!Number.isInteger(n) || n < 1) throw new Error(`not a size: ${s}`);
      return n;
    });

const settings = {
  pgSizes: sizes(option('pg', 'BENCH_PG_SIZES', '10000,1000000')),
  pgliteSizes: sizes(option('pglite', 'BENCH_PGLITE_SIZES', '100000')),
  importLines: Number(option('import', 'BENCH_IMPORT_LINES', '50000')),
  connections: Number(option('connections', 'BENCH_CONNECTIONS', '10')),
  seconds: Number(option('seconds', 'BENCH_SECONDS', '12')),
  warmup: Number(option('warmup', 'BENCH_WARMUP', '2')),
  rounds: Number(option('rounds', 'BENCH_ROUNDS', '4')),
  pageSize: Number(option('page-size', 'BENCH_PAGE_SIZE', '20')),
  deepPage: Number(option('deep-page', 'BENCH_DEEP_PAGE', '0')),
};

// ——— small helpers ———

const ms = (value) => (value === undefined ? '—' : value.toFixed(2));
const count = (n) => n.toLocaleString('en-US');
const short = (n) => (n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6} M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3} k` : count(n));
const verdict = (ok) => (ok ? 'PASS' : 'MISS');
const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

/** Runs a command in the project; resolves with its time in seconds, rejects with its output when it fails. */
function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve({ seconds: (performance.now() - started) / 1000, output: output.trim() });
      else
        reject(
          new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.trim().split('\n').slice(-30).join('\n')}`),
        );
    });
  });
}

/** `npm run admin -- demo:seed` then `demo:generate --lines N` on the given database; the generation is timed. */
async function generate(env, lines) {
  await run('npm', ['run', '--silent', 'admin', '--', 'demo:seed'], env);
  process.stdout.write(`  generating ${count(lines)} lines (npm run admin -- demo:generate --lines ${lines})… `);
  const { seconds, output } = await run(
    'npm',
    ['run', '--silent', 'admin', '--', 'demo:generate', '--lines', String(lines)],
    env,
  );
  console.log(`${seconds.toFixed(1)} s`);
  if (output)
    console.log(
      output
        .split('\n')
        .map((line) => `    | ${line}`)
        .join('\n'),
    );
  return seconds;
}

async function getJson(url, headers) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

// ——— the ceiling process: `node --import tsx packing.mjs --ceiling <json>` ———

/**
 * Opens the database as the server does, records the SQL of each list call from the server's own app, then
 * serves GET /ceiling/<scenario> by replaying it. Tells the parent the scenarios (query strings, totals, SQL).
 */
async function ceilingServer({ database: target, port, pageSize, deepPage }) {
  const { default: Fastify } = await import('fastify');
  const { genericPlanned, openDatabase } = await import('../../server/db/open.ts');
  const { buildApp } = await import('../../server/app.ts');
  const { bulkLimits } = await import('../../contract/packing/codes.ts');
  const database = await openDatabase(target);
  const client = database.db.$client;
  // On PostgreSQL the server has a second pool whose statements keep generic plans: recorded and replayed there.
  const plannedClient = genericPlanned(database.db).$client;

  // Record what the app hands the driver: text, parameters and when each statement ran.
  let recording;
  const record = (query, pool) =>
    async function recorded(...args) {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : first.text;
      // pg takes (text, values) or ({ text, values?, rowMode, types }, values?).
      const values = typeof first === 'string' ? second : (first.values ?? second);
      // A named (prepared) statement is replayed under its name, with the same row mode and type parsers.
      const config = typeof first === 'string' ? {} : { name: first.name, rowMode: first.rowMode, types: first.types };
      const start = performance.now();
      try {
        return await query.apply(this, args);
      } finally {
        recording?.push({ text, values: values ?? [], config, pool, start, end: performance.now() });
      }
    };
  const restore = [];
  const wrap = (object, name, make) => {
    const original = object[name];
    object[name] = make(original);
    restore.push(() => (object[name] = original));
  };
  if (database.kind === 'postgres') {
    for (const pool of new Set([client, plannedClient])) {
      wrap(pool, 'query', (query) => record(query, pool));
      // A transaction runs on a checked-out client (promise form of connect): recorded until it is released. The
      // callback form is Pool.query's own, already recorded above.
      wrap(
        pool,
        'connect',
        (connect) =>
          function connected(...args) {
            if (typeof args[0] === 'function') return connect.apply(this, args);
            return connect.apply(this, args).then((pooled) => {
              const { query, release } = pooled;
              pooled.query = record(query, pool);
              pooled.release = (...releaseArgs) => {
                pooled.query = query;
                pooled.release = release;
                return release.apply(pooled, releaseArgs);
              };
              return pooled;
            });
          },
      );
    }
  } else {
    wrap(client, 'query', record);
    wrap(
      client,
      'transaction',
      (transaction) =>
        function transactionRecorded(callback, ...rest) {
          return transaction.call(
            this,
            (tx) => {
              tx.query = record(tx.query);
              return callback(tx);
            },
            ...rest,
          );
        },
    );
  }

  const app = await buildApp({ db: database, logger: false });
  const inject = async (url, headers) => {
    const answer = await app.inject({ method: 'GET', url, headers });
    if (answer.statusCode !== 200) throw new Error(`${url}: HTTP ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    return answer.json();
  };
  const captured = async (url, headers) => {
    // Two warm calls first: the third shows the steady state (prepared plans, any cached total).
    await inject(url, headers);
    await inject(url, headers);
    recording = [];
    const body = await inject(url, headers);
    const statements = recording;
    recording = undefined;
    return { body, statements };
  };

  const scenarios = [];
  for (const [caller, userName] of [
    ['owner', 'user'],
    ['clerk', 'clerk'],
  ]) {
    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { type: 'account', userName, password: DEMO_PASSWORD },
    });
    const headers = bearerHeaders(login.json());
    const auth = new Set((await captured('/v1/users/current', headers)).statements.map((s) => s.text));
    const first = `${LIST}?current=1&pageSize=${pageSize}`;
    const firstPage = await captured(first, headers);
    const lastPage = Math.max(1, Math.ceil(firstPage.body.total / pageSize));
    // A page must start within the first listMaxRows lines of its order (the server answers 400 beyond).
    const deepest = Math.floor((bulkLimits.listMaxRows - 1) / pageSize) + 1;
    const deep = Math.min(deepPage || deepest, deepest, lastPage);
    const deepUrl = `${LIST}?current=${deep}&pageSize=${pageSize}`;
    const deepCall = await captured(deepUrl, headers);
    for (const [page, url, call] of [
      ['first page', first, firstPage],
      [`page ${deep}`, deepUrl, deepCall],
    ]) {
      const statements = call.statements.filter((s) => !auth.has(s.text));
      scenarios.push({
        name: `${caller}-${page === 'first page' ? 'first' : 'deep'}`,
        caller,
        userName,
        page,
        offset: (Number(new URL(url, 'http://x').searchParams.get('current')) - 1) * pageSize,
        url,
        total: call.body.total,
        totalIsEstimate: Boolean(call.body.totalIsEstimate),
        rows: call.body.data.length,
        skipped: call.statements.length - statements.length,
        statements: statements.map(({ text, values, config, pool }) => ({
          text,
          values,
          name: config.name,
          planned: pool === plannedClient && pool !== client,
          config,
          pool,
        })),
        groups: concurrentGroups(statements),
      });
    }
  }
  await app.close();
  for (const undo of restore.reverse()) undo();

  const bare = Fastify({ logger: false });
  for (const scenario of scenarios) {
    const usesTransaction = scenario.statements.some((s) => /^\s*begin\b/i.test(s.text));
    bare.get(`/ceiling/${scenario.name}`, async (_request, reply) => {
      const results = [];
      if (usesTransaction && database.kind === 'postgres') {
        // The same statements on one connection, as the app's transaction ran them.
        const pooled = await client.connect();
        try {
          for (const s of scenario.statements)
            results.push((await pooled.query({ ...s.config, text: s.text, values: s.values })).rows);
        } finally {
          pooled.release();
        }
      } else {
        for (const group of scenario.groups) {
          const answers = await Promise.all(
            group.map((i) => {
              const s = scenario.statements[i];
              return database.kind === 'postgres'
                ? (s.pool ?? client).query({ ...s.config, text: s.text, values: s.values })
                : client.query(s.text, s.values);
            }),
          );
          results.push(...answers.map((answer) => answer.rows));
        }
      }
      return reply.type('application/json').send(`{"results":[${results.map(rowsJson).join(',')}]}`);
    });
  }
  await bare.listen({ port, host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    await bare.close();
    await database.close();
    process.exit(0);
  });
  // The driver's settings (type parsers are functions) stay in this process.
  process.send({
    scenarios: scenarios.map((scenario) => ({ ...scenario, statements: scenario.statements.map(({ config, pool, ...s }) => s) })),
  });
}

/**
 * A statement's rows as the ceiling answers them: rows that are one JSON object each (the JSON the database builds
 * for a page) are sent as they came, unparsed, as the server sends them; anything else through JSON.stringify.
 */
function rowsJson(rows) {
  const values = rows.map((row) => (Array.isArray(row) ? row : Object.values(row)));
  // The JSON comes first; what follows it (a page's mark, pageMarks.ts) stays in the server as well.
  const builtJson = values.length > 0 && values.every((v) => typeof v[0] === 'string' && v[0].startsWith('{'));
  return builtJson ? `[${values.map((v) => v[0]).join(',')}]` : JSON.stringify(rows);
}

/** Indexes of the statements in groups that ran at the same time (Promise.all in the app), in order. */
function concurrentGroups(statements) {
  const groups = [];
  let groupEnd = -Infinity;
  statements.forEach((s, i) => {
    if (groups.length && s.start < groupEnd) groups[groups.length - 1].push(i);
    else groups.push([i]);
    groupEnd = Math.max(groupEnd, s.end);
  });
  return groups;
}

async function startCeiling(database) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      self,
      '--ceiling',
      JSON.stringify({ database, port, pageSize: settings.pageSize, deepPage: settings.deepPage }),
    ],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const { scenarios } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the ceiling process exited (${code})`)));
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    scenarios,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// ——— measuring ———

const resultText = (result) =>
  `${String(Math.round(result.rps)).padStart(6)} req/s  p50 ${ms(result.p50).padStart(7)}  p95 ${ms(result.p95).padStart(7)} ms${result.failures ? `  (${result.failures} failed or non-200)` : ''}`;

/**
 * Measures targets ({ label, url, headers }) in turns: a warm-up each, then `rounds` rounds in which each target
 * gets seconds / rounds — so that the background load of a shared machine falls on all of them alike.
 */
async function measureInTurns(targets, connections, rounds) {
  for (const target of targets) await load(target.url, { headers: target.headers, connections, seconds: settings.warmup });
  const parts = targets.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, target] of targets.entries()) {
      parts[i].push(await load(target.url, { headers: target.headers, connections, seconds: settings.seconds / rounds }));
    }
  }
  const results = parts.map(combine);
  targets.forEach((target, i) => console.log(`    ${target.label.padEnd(44)} ${resultText(results[i])}`));
  return results;
}

/** Prints each distinct statement once, and per scenario which ones ran with which parameters. */
function printSql(scenarios) {
  const texts = [...new Set(scenarios.flatMap((s) => s.statements.map((st) => st.text)))];
  console.log("  SQL of the list call, recorded from the server's app at the driver (the ceiling replays it):");
  texts.forEach((text, i) => {
    const { name, planned } = scenarios.flatMap((s) => s.statements).find((st) => st.text === text);
    const where = planned ? ' on the pool that keeps generic plans' : '';
    console.log(`    [${i + 1}]${name ? ` (prepared as ${name}${where})` : ''} ${text.replace(/\s+/g, ' ')}`);
  });
  for (const s of scenarios) {
    const parts = s.statements.map(
      (st) => `[${texts.indexOf(st.text) + 1}](${st.values.map((v) => JSON.stringify(v)).join(', ')})`,
    );
    const together = s.groups.some((g) => g.length > 1) ? ' (some at once)' : '';
    console.log(`    ${s.name.padEnd(12)} ${parts.join(' then ')}${together}; ${s.skipped} sign-in statement(s) left out`);
  }
}

/**
 * The list calls of one database on the ceiling and on the real server (in turns on PostgreSQL, one after the
 * other on PGlite), then GET /v1/users/current for scale and `afterList`. `database` is what openDatabase takes;
 * `serverEnv` / `dataDir` start the real server on the same database.
 */
async function measureDatabase({ kind, lines, database, serverEnv, dataDir, connections, afterList }) {
  console.log(
    `  ceiling: bare Fastify + ${kind === 'postgres' ? 'pg Pool' : 'PGlite'} on the same database; recording the server's SQL…`,
  );
  const ceiling = await startCeiling(database);
  const { scenarios } = ceiling;
  printSql(scenarios);
  for (const s of scenarios) {
    console.log(
      `    ${s.name}: as ${s.userName}, ${s.page} (offset ${count(s.offset)}), ${s.rows} rows of ${count(s.total)}${s.totalIsEstimate ? ' (estimated total)' : ''}`,
    );
  }
  const rows = scenarios.map((scenario) => ({ kind, lines, scenario }));
  const ceilingTarget = (s) => ({ label: `ceiling ${s.name}`, url: `${ceiling.url}/ceiling/${s.name}`, headers: {} });
  // PGlite is one process's database: the ceiling is measured and stopped before the server opens it. On
  // PostgreSQL both run at once and are measured in turns.
  const together = kind === 'postgres';
  const rounds = together ? settings.rounds : 1;
  const how = `${connections} connection(s), ${settings.warmup} s warm-up + ${settings.seconds} s each${together ? `, app and ceiling in ${rounds} turns` : ''}`;
  if (!together) {
    console.log(`  measuring the ceiling, ${how} (load average ${loadAverage()}):`);
    try {
      for (const row of rows) [row.ceiling] = await measureInTurns([ceilingTarget(row.scenario)], connections, rounds);
    } finally {
      await ceiling.stop();
    }
  }
  let server;
  try {
    server = await startShipdesk({ env: { LOG_LEVEL: 'warn', ...serverEnv }, dataDir });
    const headers = {
      owner: bearerHeaders(await signInDemo(server.url, 'user')),
      clerk: bearerHeaders(await signInDemo(server.url, 'clerk')),
    };
    const appTarget = (s) => ({ label: `app     ${s.name}`, url: `${server.url}${s.url}`, headers: headers[s.caller] });
    for (const { scenario } of rows) {
      const answer = await getJson(`${server.url}${scenario.url}`, headers[scenario.caller]);
      if (answer.data.length !== scenario.rows)
        throw new Error(`${scenario.name}: the server answered ${answer.data.length} rows, the recording ${scenario.rows}`);
    }
    console.log(`  measuring ${together ? 'app and ceiling' : 'the app'}, ${how} (load average ${loadAverage()}):`);
    for (const row of rows) {
      if (together)
        [row.app, row.ceiling] = await measureInTurns(
          [appTarget(row.scenario), ceilingTarget(row.scenario)],
          connections,
          rounds,
        );
      else [row.app] = await measureInTurns([appTarget(row.scenario)], connections, rounds);
    }
    // What any signed-in call costs on this app and database: the token check and one small query.
    const [lightest] = await measureInTurns(
      [{ label: 'app     GET /v1/users/current (for scale)', url: `${server.url}/v1/users/current`, headers: headers.owner }],
      connections,
      1,
    );
    const extra = afterList ? await afterList(server, headers) : undefined;
    return { rows, extra, lightest: { kind, lines, ...lightest } };
  } finally {
    await server?.stop();
    if (together) await ceiling.stop();
  }
}

// ——— the import ———

/** An xlsx of `lines` lines of new POs (1 000 lines of 10 cartons per PO), as `user` would upload. */
async function importFile(url, headers, lines) {
  const { default: ExcelJS } = await import('exceljs');
  const { bulkSheetColumns } = await tsImport('../../contract/packing/codes.ts', import.meta.url);
  const factories = await getJson(`${url}/v1/factories`, headers);
  const groups = await getJson(`${url}/v1/sizeGroup`, headers);
  const group = groups.find((g) => g.sizes.length >= 2);
  const prefix = `BENCHIMP${Date.now().toString(36).toUpperCase()}`;
  const columns = bulkSheetColumns.filter((column) => column.imported);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-import-')), 'bench.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('装箱明细');
  sheet.addRow(columns.map((column) => column.header)).commit();
  for (let i = 0; i < lines; i += 1) {
    const within = i % 1000;
    const cells = {
      odgItemNo: `ODGB${String(Math.floor(i / 1000)).padStart(5, '0')}`,
      poNo: `${prefix}-${String(Math.floor(i / 1000)).padStart(4, '0')}`,
      styleNo: `ST-${i % 37}`,
      colour: ['NAVY', 'BLACK', 'WHITE', 'RED'][i % 4],
      factoryCode: factories[i % factories.length].code,
      sizeGroup: group.code,
      sizeBreakdown: `${group.sizes[0]}:4;${group.sizes[1]}:8`,
      packType: 'SCAS',
      cartonFrom: within * 10 + 1,
      cartonTo: within * 10 + 10,
      nwPerCtn: 8.4,
      gwPerCtn: 9.2,
      ctnL: 60,
      ctnW: 40,
      ctnH: 35,
      destination: 'Los Angeles',
      exFactoryDate: '2025-09-30',
    };
    sheet.addRow(columns.map((column) => cells[column.field])).commit();
  }
  sheet.commit();
  await workbook.commit();
  const buffer = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return { buffer, prefix };
}

async function measureImport(server, headers, lines) {
  process.stdout.write(`  import: writing an xlsx of ${count(lines)} lines… `);
  const { buffer, prefix } = await importFile(server.url, headers.owner, lines);
  console.log(`${(buffer.length / 1024 / 1024).toFixed(1)} MB; POST /v1/packing/multi/bulkdata/import as user… `);
  const form = new FormData();
  form.append(
    'file',
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'bench.xlsx',
  );
  const started = performance.now();
  const response = await fetch(`${server.url}/v1/packing/multi/bulkdata/import`, {
    method: 'POST',
    headers: { authorization: headers.owner.authorization, accept: 'application/json' },
    body: form,
  });
  const answer = await response.json();
  const seconds = (performance.now() - started) / 1000;
  if (!response.ok || answer.imported !== lines)
    throw new Error(`the import answered HTTP ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  const check = await getJson(`${server.url}${LIST}?current=1&pageSize=1&poNo=${prefix}`, headers.owner);
  console.log(
    `    ${count(answer.imported)} lines imported in ${seconds.toFixed(2)} s (upload included); the list finds ${count(check.total)} lines of those POs`,
  );
  if (check.total !== lines) throw new Error(`after the import the list has ${check.total} lines of ${prefix}, not ${lines}`);
  return { lines, seconds, megabytes: buffer.length / 1024 / 1024 };
}

// ——— PostgreSQL and PGlite ———

async function postgresRuns() {
  const base = process.env.DATABASE_URL;
  if (!settings.pgSizes.length) return { rows: [], generation: [], lightest: [] };
  if (!base) {
    console.log('PostgreSQL: skipped, DATABASE_URL is not set (npm run bench:packing starts a throwaway server)\n');
    return { rows: [], generation: [], lightest: [] };
  }
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const version = (await admin.query('show server_version')).rows[0].server_version;
  const rows = [];
  const generation = [];
  const lightest = [];
  let imported;
  try {
    for (const [index, lines] of settings.pgSizes.entries()) {
      const name = `shipdesk_bench_${lines}`;
      const url = new URL(base);
      url.pathname = `/${name}`;
      console.log(`PostgreSQL ${version}, ${short(lines)} lines (database ${name})`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      // with-postgres.sh turns synchronous_commit off for the tests; measured here as production runs (on): the
      // import's commits wait for their WAL, and a VACUUM just after a commit can mark its pages all-visible
      // (with it off, hint bits wait for the WAL flush and index-only scans turn into heap fetches).
      await admin.query(`alter database ${name} set synchronous_commit = on`);
      try {
        const env = { DATABASE_URL: url.href };
        generation.push({ kind: 'postgres', lines, seconds: await generate(env, lines) });
        const result = await measureDatabase({
          kind: 'postgres',
          lines,
          database: { databaseUrl: url.href },
          serverEnv: env,
          connections: settings.connections,
          afterList:
            index === 0 && settings.importLines > 0
              ? (server, headers) => measureImport(server, headers, settings.importLines)
              : undefined,
        });
        rows.push(...result.rows);
        lightest.push(result.lightest);
        imported ??= result.extra;
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
      console.log('');
    }
  } finally {
    await admin.end();
  }
  return { rows, generation, lightest, imported, version };
}

async function pgliteRuns() {
  const rows = [];
  const generation = [];
  const lightest = [];
  for (const lines of settings.pgliteSizes) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-bench-'));
    console.log(`PGlite, ${short(lines)} lines (DATA_DIR ${dataDir})`);
    try {
      generation.push({ kind: 'pglite', lines, seconds: await generate({ DATA_DIR: dataDir, DATABASE_URL: '' }, lines) });
      const result = await measureDatabase({
        kind: 'pglite',
        lines,
        database: { dataDir: path.join(dataDir, 'pglite') },
        serverEnv: { DATABASE_URL: '' },
        dataDir,
        connections: 1,
      });
      rows.push(...result.rows);
      lightest.push(result.lightest);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    console.log('');
  }
  return { rows, generation, lightest };
}

// ——— the summary ———

function summary(pgRun, pgliteRun) {
  const rows = [...pgRun.rows, ...pgliteRun.rows];
  const head = `${'database'.padEnd(10)} ${'lines'.padStart(9)} ${'call'.padEnd(12)} ${'total'.padStart(10)} │ ${'app req/s'.padStart(9)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} │ ${'ceil req/s'.padStart(10)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} │ ${'req/s app/ceil'.padStart(14)} ${'p95 app/ceil'.padStart(12)} │ targets`;
  console.log(
    'Summary: GET /v1/packing/bulkdata, latency in ms (owner = user, clerk = clerk; first = page 1, deep = the page shown above)',
  );
  console.log(head);
  console.log('─'.repeat(head.length + 30));
  const smallest = pgRun.rows.length ? Math.min(...pgRun.rows.map((r) => r.lines)) : undefined;
  const misses = [];
  for (const row of rows) {
    const { app, ceiling, scenario } = row;
    const share = app.rps / ceiling.rps;
    const targets = [];
    const p95ok = app.p95 <= TARGET.p95Ms;
    targets.push(`p95 ≤ ${TARGET.p95Ms} ms ${verdict(p95ok)}`);
    if (!p95ok) misses.push(`${row.kind} ${short(row.lines)} ${scenario.name}: p95 ${ms(app.p95)} ms > ${TARGET.p95Ms} ms`);
    if (row.kind === 'postgres') {
      const shareOk = share >= TARGET.ceilingShare;
      targets.push(`≥ 70 % of ceiling ${verdict(shareOk)}`);
      if (!shareOk)
        misses.push(`postgres ${short(row.lines)} ${scenario.name}: ${(share * 100).toFixed(0)} % of the ceiling's req/s`);
      if (row.lines !== smallest) {
        const base = pgRun.rows.find((r) => r.lines === smallest && r.scenario.name === scenario.name);
        if (base) {
          const growth = app.p95 / base.app.p95;
          const ok = growth <= TARGET.growth;
          targets.push(`p95 ${growth.toFixed(2)} × ${short(smallest)}'s ${verdict(ok)}`);
          if (!ok)
            misses.push(
              `postgres ${short(row.lines)} ${scenario.name}: p95 ${growth.toFixed(2)} × the p95 at ${short(smallest)}`,
            );
        }
      }
    }
    const total = `${scenario.totalIsEstimate ? '~' : ''}${count(scenario.total)}`;
    console.log(
      `${row.kind.padEnd(10)} ${short(row.lines).padStart(9)} ${scenario.name.padEnd(12)} ${total.padStart(10)} │ ${String(Math.round(app.rps)).padStart(9)} ${ms(app.p50).padStart(7)} ${ms(app.p95).padStart(7)} │ ${String(Math.round(ceiling.rps)).padStart(10)} ${ms(ceiling.p50).padStart(7)} ${ms(ceiling.p95).padStart(7)} │ ${`${(share * 100).toFixed(1)} %`.padStart(14)} ${`${(app.p95 / ceiling.p95).toFixed(2)} ×`.padStart(12)} │ ${targets.join(', ')}`,
    );
  }
  for (const l of [...pgRun.lightest, ...pgliteRun.lightest]) {
    console.log(
      `${l.kind.padEnd(10)} ${short(l.lines).padStart(9)} ${'(for scale) GET /v1/users/current'.padEnd(23)} │ ${String(Math.round(l.rps)).padStart(9)} ${ms(l.p50).padStart(7)} ${ms(l.p95).padStart(7)} │ the lightest signed-in call of the app`,
    );
  }
  console.log('');
  for (const g of [...pgRun.generation, ...pgliteRun.generation]) {
    console.log(
      `generation: ${g.kind} ${short(g.lines)} lines in ${g.seconds.toFixed(1)} s (demo:generate, process start included)`,
    );
  }
  if (pgRun.imported) {
    const ok = pgRun.imported.seconds <= TARGET.importSeconds;
    console.log(
      `import: ${count(pgRun.imported.lines)} lines (${pgRun.imported.megabytes.toFixed(1)} MB xlsx) on PostgreSQL in ${pgRun.imported.seconds.toFixed(2)} s — target ≤ ${TARGET.importSeconds} s ${verdict(ok)}`,
    );
    if (!ok) misses.push(`import of ${count(pgRun.imported.lines)} lines: ${pgRun.imported.seconds.toFixed(1)} s`);
  }
  console.log(misses.length ? `\nMISS (${misses.length}):\n  ${misses.join('\n  ')}` : '\nevery target measured: PASS');
}

async function main() {
  const [cpu] = os.cpus();
  console.log(
    `GET ${LIST}: page size ${settings.pageSize}, deep page ${settings.deepPage || 'the deepest served'}; PostgreSQL ${settings.connections} connections, PGlite 1; ${settings.warmup} s warm-up + ${settings.seconds} s per call; loopback, load generator in this process`,
  );
  console.log(
    `sizes: PostgreSQL ${settings.pgSizes.map(short).join(', ') || 'none'}; PGlite ${settings.pgliteSizes.map(short).join(', ') || 'none'}; import ${settings.importLines ? count(settings.importLines) : 'skipped'}`,
  );
  console.log(
    `node ${process.version}, ${os.cpus().length} × ${cpu?.model ?? 'cpu'}, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}\n`,
  );
  const started = performance.now();
  const pgRun = await postgresRuns();
  const pgliteRun = await pgliteRuns();
  summary(pgRun, pgliteRun);
  console.log(`\nwhole run: ${((performance.now() - started) / 60_000).toFixed(1)} min`);
}

if (process.argv[2] === '--ceiling') {
  await ceilingServer(JSON.parse(process.argv[3]));
} else {
  await main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
