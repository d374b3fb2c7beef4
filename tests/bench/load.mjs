/**
 * The load generator of the API benchmarks: C keep-alive connections on loopback, each sending its next request
 * when the previous answer has been read, for a fixed time; latencies per request, requests/s over the run.
 * It runs in the benchmark's own process, never in the measured server's. On this 2-core machine it shares the
 * cores with the server and the database, so it speaks HTTP/1.1 on plain sockets: Node's http client spent some
 * 150 µs of CPU per request, a sizeable share of what it measures.
 */
import net from 'node:net';

/** A safety bound on requests per run, whatever the duration. */
const MAX_REQUESTS = 2_000_000;

const HEADER_END = Buffer.from('\r\n\r\n');

/** Where a whole answer ends in `data` (status line, headers, a content-length or chunked body), or -1. */
function answerEnd(data) {
  const headerEnd = data.indexOf(HEADER_END);
  if (headerEnd < 0) return -1;
  const head = data.toString('latin1', 0, headerEnd);
  const bodyStart = headerEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    return data.length >= end ? end : -1;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return bodyStart;
  let at = bodyStart;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return -1;
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    const next = lineEnd + 2 + size + 2;
    if (data.length < next) return -1;
    if (size === 0) return next;
    at = next;
  }
}

/**
 * One keep-alive connection; `get()` sends the request (or the one given) and resolves with the status once the
 * answer is read.
 */
export function connection(port, request) {
  let socket;
  let pending;
  let data = Buffer.alloc(0);
  const fail = (error) => {
    const waiting = pending;
    pending = undefined;
    socket = undefined;
    waiting?.reject(error);
  };
  const open = () => {
    data = Buffer.alloc(0);
    socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    socket.on('data', (chunk) => {
      data = data.length ? Buffer.concat([data, chunk]) : chunk;
      const end = answerEnd(data);
      if (end < 0 || !pending) return;
      const status = Number(data.toString('latin1', 9, 12));
      data = data.subarray(end);
      const waiting = pending;
      pending = undefined;
      waiting.resolve(status);
    });
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  };
  return {
    get: (next = request) =>
      new Promise((resolve, reject) => {
        if (!socket) open();
        pending = { resolve, reject };
        socket.write(next);
      }),
    close: () => socket?.destroy(),
  };
}

/** The bytes of an HTTP/1.1 request with a JSON body (a POST of the write benchmarks). */
export function jsonRequest(method, url, headers, body) {
  const target = new URL(url);
  const payload = Buffer.from(JSON.stringify(body));
  const lines = [
    `${method} ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    'content-type: application/json',
    `content-length: ${payload.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * `connections` concurrent request loops against `url` for `seconds`; latencies in ms (sorted, also returned, so
 * that runs in turns can be combined with `combine`).
 * @returns {Promise<{requests: number, failures: number, elapsed: number, latencies: number[], rps: number, p50: number, p95: number, p99: number, max: number}>}
 */
export async function load(url, { headers = {}, connections = 10, seconds = 5 } = {}) {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error(`loopback only, not ${url}`);
  const lines = [
    `GET ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  const request = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  const latencies = [];
  let failures = 0;
  let sent = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const loop = async () => {
    const client = connection(Number(target.port), request);
    while (performance.now() < end && sent < MAX_REQUESTS) {
      sent += 1;
      const before = performance.now();
      try {
        const status = await client.get();
        latencies.push(performance.now() - before);
        if (status !== 200) failures += 1;
      } catch {
        failures += 1;
      }
    }
    client.close();
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - start) / 1000;
  return summarize(latencies, failures, elapsed);
}

function summarize(latencies, failures, elapsed) {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    elapsed,
    latencies,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
  };
}

/** One result of several runs of `load` against the same target. */
export const combine = (results) =>
  summarize(
    results.flatMap((result) => result.latencies),
    results.reduce((sum, result) => sum + result.failures, 0),
    results.reduce((sum, result) => sum + result.elapsed, 0),
  );
