/**
 * How `npm run admin -- backup` reaches a running server on the embedded database: PGlite allows one process, so
 * the server writes the backup itself. It listens on the loopback address, on a free port; the port and a secret
 * are in DATA_DIR/control.json, readable by the server's account only.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { processIdentity } from './open';

interface Control {
  pid: number;
  /** The server process's identity (open.ts), so that a pid reused after a crash is not taken for it. */
  owner: string;
  port: number;
  token: string;
}

const controlFile = (dataDir: string) => path.join(dataDir, 'control.json');

function answer(res: http.ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A refused request to the control port, with its status. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 4096;

async function bodyOf(req: http.IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > MAX_BODY_BYTES) throw new Refused(413, `the request is over ${MAX_BODY_BYTES} bytes`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Refused(400, 'the request is not JSON');
  }
}

/** Serves backup requests of the admin command until the answer is called; one backup at a time. */
export async function serveBackups(dataDir: string, backup: (file: string) => Promise<string>): Promise<() => Promise<void>> {
  const token = randomBytes(24).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  let busy = false;
  const server = http.createServer(async (req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return answer(res, 403, { error: 'forbidden' });
    if (req.method !== 'POST' || req.url !== '/backup') return answer(res, 404, { error: 'not found' });
    if (busy) return answer(res, 409, { error: 'a backup is being written: try again when it is done' });
    busy = true;
    try {
      const { file } = ((await bodyOf(req)) ?? {}) as { file?: unknown };
      if (typeof file !== 'string' || !path.isAbsolute(file)) return answer(res, 400, { error: 'file: an absolute path' });
      answer(res, 200, { message: await backup(file) });
    } catch (error) {
      if (error instanceof Refused) {
        // The rest of an oversized body is not read: the connection goes with the answer.
        res.setHeader('connection', 'close');
        return answer(res, error.status, { error: error.message });
      }
      answer(res, 500, { error: (error as Error).message });
    } finally {
      busy = false;
    }
  });
  // A backup of a large database takes minutes.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const control: Control = { pid: process.pid, owner: processIdentity(process.pid), port, token };
  fs.writeFileSync(controlFile(dataDir), JSON.stringify(control), { mode: 0o600 });
  return async () => {
    fs.rmSync(controlFile(dataDir), { force: true });
    await new Promise((resolve) => server.close(resolve));
  };
}

/** Asks the server running on `dataDir` to write a backup to `file`; undefined when none runs there. */
export async function askServerForBackup(dataDir: string, file: string): Promise<string | undefined> {
  let control: Control;
  try {
    control = JSON.parse(fs.readFileSync(controlFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
  if (!control.owner || processIdentity(control.pid) !== control.owner) return undefined;
  const response = await fetch(`http://127.0.0.1:${control.port}/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${control.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ file }),
  }).catch((error) => {
    if (error.cause?.code === 'ECONNREFUSED') return undefined;
    throw serverGone(control, file, error);
  });
  if (!response) return undefined;
  const body = (await response.json().catch((error) => {
    throw serverGone(control, file, error);
  })) as { message?: string; error?: string };
  if (!response.ok) throw new Error(`the running server (process ${control.pid}) could not write it: ${body.error}`);
  return `${body.message} by the running server (process ${control.pid})`;
}

/** Why the answer did not come: the server exited (or was killed) while writing, or the connection broke. */
function serverGone(control: Control, file: string, error: Error & { cause?: { code?: string } }): Error {
  const why =
    processIdentity(control.pid) === control.owner
      ? `the connection to it broke (${error.cause?.code ?? error.message})`
      : 'it stopped before it finished';
  return new Error(
    `the running server (process ${control.pid}) was writing the backup to ${file}, but ${why}: no backup was written`,
  );
}
