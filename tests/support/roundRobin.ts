/**
 * A small reverse proxy for the two-process test, doing what a load balancer in front of Shipdesk does (haproxy,
 * nginx): each request goes to the next ready server in turn, without sticky sessions. Readiness is `GET
 * /v1/health` every 200 ms, so a process that begins to stop (503) gets no new requests well within its quiet
 * window (server/http/lifecycle.ts). A refused connection (stopped, not started yet) is tried on the next server for
 * any method: nothing reached it. A connection cut before any answer is tried again for reads only, as nginx does
 * (a write may have been applied). Each answer says who served it (`x-served-by`); the proxy adds `x-forwarded-for`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstream {
  name: string;
  port: number;
}

const CHECK_EVERY_MS = 200;
const RETRY_ON_CUT = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Headers of one connection, not of the message: each side of the proxy has its own. */
const withoutHopHeaders = (headers: http.IncomingHttpHeaders) => {
  const rest = { ...headers };
  delete rest.connection;
  delete rest['keep-alive'];
  return rest;
};

function send(upstream: Upstream, options: http.RequestOptions, body?: Buffer) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    // A connection per request: a server's closed listener then shows as a refusal, never as a cut keep-alive.
    const outgoing = http.request({ ...options, host: '127.0.0.1', port: upstream.port, agent: false }, resolve);
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Answers the proxy's address, how many requests each server served, and how to close it. */
export async function startRoundRobin(upstreams: Upstream[]) {
  let next = 0;
  const served = new Map<string, number>();
  const ready = new Map<string, boolean>();

  const check = async (upstream: Upstream) => {
    try {
      const answer = await send(upstream, { method: 'GET', path: '/v1/health', timeout: 1000 });
      answer.resume();
      ready.set(upstream.name, answer.statusCode === 200);
    } catch {
      ready.set(upstream.name, false);
    }
  };
  await Promise.all(upstreams.map(check));
  const checker = setInterval(() => upstreams.forEach(check), CHECK_EVERY_MS);

  /** The next ready server; when none is ready, the next one (it may answer all the same). */
  const pick = () => {
    for (let i = 0; i < upstreams.length; i += 1) {
      const upstream = upstreams[next++ % upstreams.length];
      if (ready.get(upstream.name)) return upstream;
    }
    return upstreams[next++ % upstreams.length];
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const options = {
      method: req.method,
      path: req.url,
      headers: { ...withoutHopHeaders(req.headers), 'x-forwarded-for': req.socket.remoteAddress },
    };
    let lastError: NodeJS.ErrnoException | undefined;
    for (let tried = 0; tried < upstreams.length * 10; tried += 1) {
      const upstream = pick();
      try {
        const answer = await send(upstream, options, body);
        served.set(upstream.name, (served.get(upstream.name) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, { ...withoutHopHeaders(answer.headers), 'x-served-by': upstream.name });
        answer.pipe(res);
        return;
      } catch (error) {
        lastError = error as NodeJS.ErrnoException;
        ready.set(upstream.name, false);
        const refused = lastError.code === 'ECONNREFUSED';
        if (!refused && !(RETRY_ON_CUT.has(req.method ?? '') && lastError.code === 'ECONNRESET')) break;
        if (tried % upstreams.length === upstreams.length - 1) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    res.writeHead(502, { 'content-type': 'text/plain' }).end(`no server answered: ${lastError?.code ?? lastError?.message}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(checker);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
