/**
 * `npm start` and `npm run dev:api`. Plain Node, so that it runs before anything is compiled.
 *
 *   node server/launch.mjs start     build the SPA (umi build) when dist/ is missing or older than its sources,
 *                                    compile the server (esbuild, ~0.2 s) when stale, then run it with plain node.
 *   node server/launch.mjs dev-api   the API server on port 8001 (tsx watch, restarts on change) and
 *                                    `USE_API=1 umi dev`, which proxies /v1 to it; Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildSpaIfStale, bundleServer, mtime, newestMtime, projectRoot as root, startArguments } from './startCommand.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const serverBuildDir = path.join(root, 'node_modules', '.cache', 'shipdesk-server');

async function buildServerIfStale() {
  const outfile = path.join(serverBuildDir, 'main.js');
  if (mtime(outfile) >= newestMtime(['server', 'contract', 'demo', 'package.json'])) return outfile;
  await bundleServer({ entryPoints: [path.join(root, 'server', 'main.ts')], outfile });
  return outfile;
}

/** The Node flags `npm start` gives (package.json) that this process was started without. */
function missingStartFlags() {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return startArguments().filter((arg) => arg.startsWith('--') && !given.includes(arg));
}

async function start() {
  const missing = missingStartFlags();
  if (missing.length) console.warn(`Started without ${missing.join(' ')}, which npm start gives node (docs/deployment.md).`);
  buildSpaIfStale();
  const main = await buildServerIfStale();
  process.argv[1] = main;
  await import(main);
}

function devApi() {
  const children = [
    spawn(bin('tsx'), ['watch', '--clear-screen=false', path.join(root, 'server', 'main.ts')], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: process.env.API_PORT || '8001',
        PUBLIC_URL: process.env.PUBLIC_URL || 'http://localhost:8000',
      },
    }),
    spawn(bin('umi'), ['dev'], { cwd: root, stdio: 'inherit', env: { ...process.env, USE_API: '1' } }),
  ];
  let exiting = false;
  const stopAll = (code) => {
    if (exiting) return;
    exiting = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 3000).unref();
  };
  for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
}

const command = process.argv[2];
if (command === 'start') await start();
else if (command === 'dev-api') devApi();
else {
  console.error('usage: node server/launch.mjs start | dev-api');
  process.exit(2);
}
