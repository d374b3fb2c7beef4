/**
 * `npm run release`, then its archive unpacked into a new folder outside the checkout: what an operator installs.
 * dist/ is reused when fresh (the browser tests' global setup has built it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

export interface UnpackedRelease {
  /** The unpacked folder: `npm start` there runs the product. */
  root: string;
  archiveBytes: number;
  /** What `npm run release` said last: the archive's size, the unpacked size, the packages. */
  summary: string;
}

export function buildAndUnpackRelease(into: string): UnpackedRelease {
  const said = execFileSync('npm', ['run', '-s', 'release'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const archive = path.join(root, 'release', `shipdesk-${version}.tar.gz`);
  fs.mkdirSync(into, { recursive: true });
  execFileSync('tar', ['-xzf', archive, '-C', into]);
  return {
    root: path.join(into, `shipdesk-${version}`),
    archiveBytes: fs.statSync(archive).size,
    summary: said.trim().split('\n').pop() ?? '',
  };
}
