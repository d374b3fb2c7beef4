/**
 * Where the project's files are, from source (tsx, jest) and from the compiled server alike: the nearest
 * folder up from this module whose package.json is Shipdesk's.
 */
import fs from 'node:fs';
import path from 'node:path';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'shipdesk') return dir;
    if (path.dirname(dir) === dir) throw new Error(`Shipdesk's package.json not found above ${from}`);
  }
}

export const projectRoot = findProjectRoot(__dirname);
export const migrationsFolder = path.join(projectRoot, 'server', 'db', 'migrations');
export const distFolder = path.join(projectRoot, 'dist');
/** Files the server sends as they are (the user guide PDF). */
export const assetsFolder = path.join(projectRoot, 'server', 'assets');
