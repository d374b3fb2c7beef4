/**
 * haproxy as the deployment guide runs it, for the tests: the guide's own config file (deploy/haproxy.cfg) and a
 * trial certificate made by the guide's own commands (the shell block of docs/deployment.md after the marker
 * below), with only the ports and the certificate's folder moved. Needs Debian's haproxy and root (the config
 * chroots and drops to the haproxy user, as in production).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { freePort } from '../../server/testing/freePort';

const root = path.resolve(__dirname, '..', '..');
export const haproxyConfig = path.join(root, 'deploy', 'haproxy.cfg');
export const CERTIFICATE_MARKER = '<!-- the trial certificate: tests/support/haproxy.ts runs these commands -->';
/** The host name the guide's certificate is made for. */
export const SITE_NAME = 'shipdesk.example.com';

/** The guide's commands for a self-signed trial certificate. */
export function trialCertificateCommands(guide = fs.readFileSync(path.join(root, 'docs', 'deployment.md'), 'utf8')) {
  const after = guide.slice(guide.indexOf(CERTIFICATE_MARKER));
  const block = /```sh\n([\s\S]*?)```/.exec(after);
  if (!guide.includes(CERTIFICATE_MARKER) || !block) throw new Error('docs/deployment.md lost its trial certificate block');
  return block[1];
}

export interface Answer<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
  /** The process that answered (haproxy's X-Served-By); none when haproxy answered itself. */
  servedBy: string | null;
}

export interface Haproxy {
  /** https://127.0.0.1:<port>: the site, as browsers reach it. */
  url: string;
  /** http://127.0.0.1:<port>: what redirects to the site. */
  httpUrl: string;
  /** The trial certificate, for a client that should trust it. */
  certificate: string;
  call<T>(method: string, pathname: string, token?: string, body?: unknown): Promise<Answer<T>>;
  close(): Promise<void>;
}

export async function startHaproxy(folder: string, upstreams: [number, number]): Promise<Haproxy> {
  const certificates = path.join(folder, 'haproxy');
  fs.mkdirSync(certificates, { recursive: true });
  execFileSync('bash', ['-euo', 'pipefail', '-c', trialCertificateCommands().replaceAll('/etc/haproxy/', `${certificates}/`)], {
    stdio: 'pipe',
  });
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    SHIPDESK_HTTPS: `127.0.0.1:${httpsPort}`,
    SHIPDESK_HTTP: `127.0.0.1:${httpPort}`,
    SHIPDESK_PEM: path.join(certificates, 'shipdesk.pem'),
    SHIPDESK_P1: `127.0.0.1:${upstreams[0]}`,
    SHIPDESK_P2: `127.0.0.1:${upstreams[1]}`,
  };
  execFileSync('haproxy', ['-c', '-q', '-f', haproxyConfig], { env, stdio: 'pipe' });
  const log = fs.openSync(path.join(folder, 'haproxy.log'), 'a');
  // -db: in the foreground, as systemd runs it (Type=notify); -W: the master process that reloads take.
  const child = spawn('haproxy', ['-W', '-db', '-f', haproxyConfig], { env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const exited = new Promise((resolve) => child.on('exit', resolve));

  const certificate = fs.readFileSync(path.join(certificates, 'shipdesk.crt'), 'utf8');
  const agent = new https.Agent({ ca: certificate, keepAlive: true, maxSockets: 64 });
  const url = `https://127.0.0.1:${httpsPort}`;
  const call = <T>(method: string, pathname: string, token?: string, body?: unknown) =>
    new Promise<Answer<T>>((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const request = https.request(
        `${url}${pathname}`,
        {
          method,
          agent,
          servername: SITE_NAME,
          headers: {
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const json = String(response.headers['content-type']).startsWith('application/json');
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              data: (json ? JSON.parse(text) : text) as T,
              servedBy: (response.headers['x-served-by'] as string | undefined) ?? null,
            });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });

  for (const deadline = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${fs.readFileSync(path.join(folder, 'haproxy.log'), 'utf8')}`);
    const ready = await call('GET', '/v1/health').then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('haproxy did not reach a ready process within 30 s');
  }
  return {
    url,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    certificate,
    call,
    close: async () => {
      agent.destroy();
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
