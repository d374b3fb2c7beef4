/**
 * Security headers on every answer (helmet's), with a Content-Security-Policy the built SPA runs under:
 * scripts only from this origin; inline styles allowed because antd writes its CSS-in-JS into <style> tags at
 * run time; no framing by other sites. API answers hold personal data: `Cache-Control: no-store` on /v1.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // The server may be reached over plain HTTP on an internal network: do not force https sub-requests.
  upgradeInsecureRequests: null,
};

/**
 * The headers helmet sets with these options, taken once: they do not vary by request, and @fastify/helmet built
 * helmet's middleware anew for every request (a few per cent of a light request's time).
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Same reason as upgradeInsecureRequests: HSTS only where the deployment's proxy terminates TLS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  })({} as IncomingMessage, capture as unknown as ServerResponse, () => undefined);
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.url.startsWith('/v1/') || request.url === '/v1' ? apiHeaders : headers);
  });
}
