/**
 * Security headers on every answer (@fastify/helmet), with a Content-Security-Policy the built SPA runs under:
 * scripts only from this origin; inline styles allowed because antd writes its CSS-in-JS into <style> tags at
 * run time; no framing by other sites. API answers hold personal data: `Cache-Control: no-store` on /v1.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Same reason as upgradeInsecureRequests: HSTS only where the deployment's proxy terminates TLS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/v1/') || request.url === '/v1') reply.header('cache-control', 'no-store');
  });
}
