/**
 * What `npm start` gives node, read from package.json's `start` script (`node <flags> server/launch.mjs start`):
 * its flags, then the script and its argument. launch.mjs warns when started without the flags; the browser tests
 * and benchmarks start the server with exactly these arguments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm start`'s arguments to node, in order; the script's path made absolute. */
export function startArguments() {
  const { start } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).scripts;
  const [, ...args] = start.split(' ');
  return args.map((arg) => (arg.endsWith('.mjs') ? path.join(projectRoot, arg) : arg));
}
