/**
 * The server's log (Fastify's pino): JSON lines, one per request written when it is answered (app.ts), each with
 * the request id (`reqId`: the X-Request-Id it came with, else one made, answered back), its route pattern, status,
 * time and account. What a log must never hold is kept out here: a request is logged by method, address and client
 * only (no header, no body), and the secret of a mailed link (`?token=`) is cut from its address.
 */
import type { FastifyServerOptions } from 'fastify';

type LoggedRequest = { method: string; url: string; ip: string };

/** The address as logged: a link's secret cut out. */
export const loggedUrl = (url: string) => url.replace(/([?&]token=)[^&]*/g, '$1…');

/** The logger of a server process; `stream` where its lines go (stdout when not given). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, url: loggedUrl(req.url), remoteAddress: req.ip }),
    },
  };
}
