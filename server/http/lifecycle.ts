/**
 * A graceful stop that is also a fast one. Closing the port at once loses requests: connections the kernel has
 * accepted but the busy event loop (PGlite runs on it) has not taken yet are reset, and Node's `server.close()` drops
 * every connection whose request it has not read. So a stop here:
 * 1. says it is stopping: readiness answers 503 (the proxy sends no more once its check has seen it) and every
 *    answer closes its connection;
 * 2. keeps serving while requests run, and until none has started for a moment: what was already sent is read and
 *    answered;
 * 3. then closes (no new connections; Fastify's onClose hooks: the scheduler finishes its tick) — and only then may
 *    the database close.
 * Health and liveness checks are not work: a proxy checking every 250 ms would otherwise keep the moment of quiet
 * from ever coming, and every stop would wait out its whole grace period.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { systemEndpoints } from '../../contract/system';

export interface Lifecycle {
  /** True once a stop has begun. */
  readonly stopping: boolean;
  /** Stops as above; resolves true when every request was answered, false when the grace period ran out. */
  stop(graceMs: number): Promise<boolean>;
}

/** How long no request must have started before the last connections are dropped. */
export const QUIET_MS = 500;
const checks = new Set<string>([systemEndpoints.health.path, systemEndpoints.live.path]);
const isCheck = (request: FastifyRequest) => checks.has(request.routeOptions.url ?? '');

export function trackLifecycle(app: FastifyInstance): Lifecycle {
  const running = new Set<FastifyRequest>();
  let lastActivity = 0;
  let stopping = false;
  const finished = async (request: FastifyRequest) => {
    if (running.delete(request)) lastActivity = Date.now();
  };
  app.addHook('onRequest', async (request) => {
    if (isCheck(request)) return;
    running.add(request);
    lastActivity = Date.now();
  });
  // A request ends once its answer has gone out (a streamed file included) or its client went away.
  app.addHook('onResponse', finished);
  app.addHook('onRequestAbort', finished);
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });

  return {
    get stopping() {
      return stopping;
    },
    async stop(graceMs) {
      stopping = true;
      const deadline = Date.now() + graceMs;
      while (Date.now() < deadline && (running.size > 0 || Date.now() - lastActivity < QUIET_MS)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answered = running.size === 0;
      if (!answered) app.server.closeAllConnections();
      await app.close();
      return answered;
    },
  };
}
