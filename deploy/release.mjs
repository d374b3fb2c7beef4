/**
 * `npm run release` (tsx, for the contract's font list): an installation for a server, built once here, so that the server builds nothing and holds no
 * build tools. It writes release/shipdesk-<version>/ and release/shipdesk-<version>.tar.gz with:
 * - dist/: the web app (umi build, when dist/ is older than its sources);
 * - server/main.js and server/cli.js: the server and the admin command line, bundled by esbuild with the npm
 *   packages left out; server/db/migrations and server/assets, which they read at run time;
 * - package.json naming only the packages those bundles use, at the versions of package-lock.json, and their
 *   node_modules (npm install --omit=dev, without install scripts);
 * - server/db/embeddedDump.mjs, which the server runs as a process of its own for a backup;
 * - deploy/: the haproxy config, the systemd unit and the Prometheus files of docs/deployment.md;
 * - docs/: the project's documentation, its integration guide served at /v1/docs/integration.
 * Unpack it anywhere and start it with `npm start` (or `node --max-semi-space-size=32 server/main.js`);
 * `npm run admin -- <command>` as in the checkout. docs/deployment.md shows it with a systemd unit.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDF_FONT_FILES } from '../contract/shared/pdfFonts.ts';
import { buildSpaIfStale, bundleServer } from '../server/startCommand.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const name = `shipdesk-${manifest.version}`;
const releases = path.join(root, 'release');
const out = path.join(releases, name);
const archive = path.join(releases, `${name}.tar.gz`);
const started = Date.now();
const step = (what) => console.log(`[release ${((Date.now() - started) / 1000).toFixed(0)} s] ${what}`);
const run = (command, args, cwd = root) => execFileSync(command, args, { cwd, stdio: 'inherit' });

fs.rmSync(out, { recursive: true, force: true });
fs.rmSync(archive, { force: true });
fs.mkdirSync(path.join(out, 'server'), { recursive: true });

step('the web app: dist/, built when stale (umi build)');
buildSpaIfStale();
fs.cpSync(path.join(root, 'dist'), path.join(out, 'dist'), { recursive: true });

step('bundling the server and the admin command line (esbuild)');
const bundled = await bundleServer({
  entryPoints: { main: path.join(root, 'server', 'main.ts'), cli: path.join(root, 'server', 'cli.ts') },
  outdir: path.join(out, 'server'),
  metafile: true,
});
// deploy/: the haproxy config, the systemd unit and the Prometheus files the deployment guide installs from the release; docs/: the
// integration guide the server serves at /v1/docs/integration, and the rest beside it.
for (const folder of [path.join('server', 'db', 'migrations'), path.join('server', 'assets'), 'deploy', 'docs']) {
  fs.cpSync(path.join(root, folder), path.join(out, folder), { recursive: true });
}
// Plain scripts the server starts as processes of their own, run as they are.
const scripts = [path.join('server', 'db', 'embeddedDump.mjs')];
for (const script of scripts) fs.copyFileSync(path.join(root, script), path.join(out, script));

// The packages the bundles import, and those they find with require.resolve (files read from a package's folder).
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const used = new Set();
for (const [file, output] of Object.entries(bundled.metafile.outputs)) {
  if (!file.endsWith('.js')) continue;
  for (const { path: specifier, external } of output.imports) if (external) used.add(packageOf(specifier));
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  for (const [, specifier] of text.matchAll(/require\.resolve\(["']([^"']+)["']\)/g)) used.add(packageOf(specifier));
}
for (const script of scripts) {
  const text = fs.readFileSync(path.join(root, script), 'utf8');
  for (const [, specifier] of text.matchAll(/^import .* from '([^.][^']*)';$/gm)) used.add(packageOf(specifier));
}
const builtins = new Set(builtinModules);
const packages = [...used].filter((p) => !p.startsWith('node:') && !builtins.has(p)).sort();
const notRuntime = packages.filter((p) => !manifest.dependencies[p]);
if (notRuntime.length)
  throw new Error(`the server uses packages that are not dependencies in package.json: ${notRuntime.join(', ')}`);

fs.writeFileSync(
  path.join(out, 'package.json'),
  `${JSON.stringify(
    {
      name: manifest.name,
      version: manifest.version,
      private: true,
      description: manifest.description,
      scripts: { start: 'node --max-semi-space-size=32 server/main.js', admin: 'node server/cli.js' },
      dependencies: Object.fromEntries(packages.map((p) => [p, manifest.dependencies[p]])),
      overrides: manifest.overrides,
      engines: manifest.engines,
    },
    null,
    2,
  )}\n`,
);
fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(out, 'package-lock.json'));
step(`installing the ${packages.length} packages the server uses (npm install --omit=dev)`);
run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], out);

// The font package holds nine weights of ~11 MB each; the PDFs use two.
const fonts = path.join(out, 'node_modules', '@expo-google-fonts', 'noto-sans-sc');
const fontFolders = new Set(Object.values(PDF_FONT_FILES).map((file) => file.split('/')[0]));
for (const entry of fs.readdirSync(fonts, { withFileTypes: true })) {
  if (entry.isDirectory() && !fontFolders.has(entry.name)) fs.rmSync(path.join(fonts, entry.name), { recursive: true });
}

step('writing the archive');
run('tar', ['-czf', archive, '-C', releases, name]);
const size = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const installed = Number(execFileSync('du', ['-sb', out], { encoding: 'utf8' }).split('\t')[0]);
const count =
  execFileSync('npm', ['ls', '--all', '--parseable', '--omit=dev'], { cwd: out, encoding: 'utf8' }).trim().split('\n').length - 1;
step(
  `${path.relative(root, archive)}: ${size(fs.statSync(archive).size)}; unpacked ${size(installed)} with ${count} packages ` +
    `(${packages.join(', ')})`,
);
