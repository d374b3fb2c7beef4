/**
 * What `npm start` gives node, read from package.json's `start` script (`node <flags> server/launch.mjs start`, or
 * a release's `node <flags> server/main.js`): its flags, then the script and its argument. launch.mjs warns when
 * started without the flags; the browser tests and benchmarks start the server with exactly these arguments. And the
 * web app's build when stale, which `npm start` and `npm run release` share.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm start`'s arguments to node in the checkout or in an unpacked release, in order; the script's path absolute. */
export function startArguments(root = projectRoot) {
  const { start } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const [, ...args] = start.split(' ');
  return args.map((arg) => (/\.m?js$/.test(arg) ? path.join(root, arg) : arg));
}

/** Newest modification time under the given paths of the checkout, skipping generated folders and tests. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry.startsWith('.umi') || entry === 'node_modules' || /\.test\.(t|j)sx?$/.test(entry)) continue;
        visit(path.join(p, entry));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(projectRoot, p)));
  return newest;
}

export const mtime = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

/** Builds dist/ (umi build) when it is missing or older than its sources; exits the process when the build fails. */
export function buildSpaIfStale() {
  const index = path.join(projectRoot, 'dist', 'index.html');
  const sources = newestMtime(['src', 'config', 'contract', 'public', '.umirc.ts', 'package.json']);
  if (mtime(index) >= sources) return;
  console.log(
    fs.existsSync(index)
      ? 'The web app changed since the last build: building it (umi build)…'
      : 'Building the web app (umi build)…',
  );
  const result = spawnSync(path.join(projectRoot, 'node_modules', '.bin', 'umi'), ['build'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Bundles server entry points with esbuild (it comes with tsx, a devDependency), npm packages left out: `npm start`'s
 * server (one file read at start-up) and a release's server and admin command line.
 */
export function bundleServer(options) {
  const esbuild = createRequire(import.meta.resolve('tsx/package.json'))('esbuild');
  return esbuild.build({
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    ...options,
  });
}
