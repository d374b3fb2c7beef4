/** The server in a process of its own, as `npm start` runs it (Node with tsx as its loader, so signals reach it). */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './freePort';

const root = path.resolve(__dirname, '..', '..');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it printed so far. */
  output(): string;
  /** Resolves with its exit code. */
  exited: Promise<number | null>;
}

/** Starts the server with this environment and resolves once /v1/health answers 200. */
export async function startServerProcess(env: NodeJS.ProcessEnv, options: { umask?: number } = {}): Promise<ServerProcess> {
  let output = '';
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const previous = options.umask === undefined ? undefined : process.umask(options.umask);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (previous !== undefined) process.umask(previous);
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (const deadline = Date.now() + 90_000; ; await pause(300)) {
    if ((await fetch(`${url}/v1/health`).catch(() => undefined))?.ok) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
  }
  return { url, child, output: () => output, exited };
}
