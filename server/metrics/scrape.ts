/** Who may read GET /metrics, and what each answered request adds to the figures. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics';

/** Whether `Authorization: Bearer …` carries the metrics secret (compared in constant time). */
export function tokenMatches(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The route's pattern, never its keys: `/v1/bol/:key`; `unmatched` for a path no route has. */
export const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

type Observers = { count: () => void; time: (seconds: number) => void };
/** Each (method, route, status)'s own counter and histogram series, bound once: no labels hashed per request. */
const bound = new WeakMap<Metrics, Map<string, Observers>>();

/** Counts an answered request and its time under its route pattern. */
export function countRequest(metrics: Metrics, request: FastifyRequest, reply: FastifyReply): void {
  const status = String(reply.statusCode);
  const route = routeOf(request);
  const id = `${request.method} ${route} ${status}`;
  let series = bound.get(metrics);
  if (!series) bound.set(metrics, (series = new Map()));
  let observers = series.get(id);
  if (!observers) {
    const counter = metrics.requests.labels(request.method, route, status);
    const histogram = metrics.latency.labels(request.method, route, `${status[0]}xx`);
    observers = { count: () => counter.inc(), time: (seconds) => histogram.observe(seconds) };
    series.set(id, observers);
  }
  observers.count();
  observers.time(reply.elapsedTime / 1000);
}
