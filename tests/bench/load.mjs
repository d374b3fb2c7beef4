/**
 * The load generator of the API benchmarks: C keep-alive connections on loopback, each sending its next request
 * when the previous answer has been read, for a fixed time; latencies per request, requests/s over the run.
 * It runs in the benchmark's own process, never in the measured server's.
 */
import http from 'node:http';

/** A safety bound on requests per run, whatever the duration. */
const MAX_REQUESTS = 2_000_000;

/** One GET on a keep-alive agent; resolves with the status once the body has been read. */
function get(url, agent, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * `connections` concurrent request loops against `url` for `seconds`; latencies in ms (sorted, also returned, so
 * that runs in turns can be combined with `combine`).
 * @returns {Promise<{requests: number, failures: number, elapsed: number, latencies: number[], rps: number, p50: number, p95: number, p99: number, max: number}>}
 */
export async function load(url, { headers = {}, connections = 10, seconds = 5 } = {}) {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`loopback only, not ${url}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let failures = 0;
  let sent = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end && sent < MAX_REQUESTS) {
      sent += 1;
      const before = performance.now();
      try {
        const status = await get(url, agent, headers);
        latencies.push(performance.now() - before);
        if (status !== 200) failures += 1;
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
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
