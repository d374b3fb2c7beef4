/**
 * Production serving of the built SPA beside the API: compressed (brotli / gzip), hashed files cached for a
 * year, the logo for a day, index.html never cached, and any other GET that is not an API call or a file gets
 * index.html (history fallback for the browser router).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';
import { errorBody } from './errors';

/** umi's `hash: true` names: `umi.1a2b3c4d.js`, `p__user__login__index.1a2b3c4d.async.js`. */
const HASHED = /\.[0-9a-f]{8}(\.async)?\.(js|css)$/;
/**
 * The logo is the tab's icon too (`favicons`, .umirc.ts). Chromium asks for the icon again at every in-app
 * navigation: a day's cache answers that from the disk instead of a request and a 304 per click.
 */
const ICON = /[\\/]logo\.svg$/;
const cacheControlOf = (filePath: string) =>
  HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : ICON.test(filePath) ? 'public, max-age=86400' : 'no-cache';

/** Compresses what follows (API answers above 1 KiB and the SPA's files); register it before the routes. */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs ~1 s per megabyte; 5 is within a few per cent of its size.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

export async function serveSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`${indexFile} is missing: build the web app first (npm run build)`);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(response, filePath) {
      response.setHeader('cache-control', cacheControlOf(filePath));
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/v1/') && pathname !== '/v1';
    if (!wantsPage) {
      return reply.status(404).send(errorBody('NOT_FOUND', `没有这个接口：${request.method} ${pathname}`));
    }
    if (path.extname(pathname) && path.extname(pathname) !== '.html') {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
