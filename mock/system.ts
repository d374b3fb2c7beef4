/** Mock of the API's own calls: health, the OpenAPI document (the server's, from contract/shared/api.ts) and its reference page. */
import fs from 'node:fs';
import { collectDefaultMetrics, Registry } from 'prom-client';
import path from 'node:path';
import { apiResources } from '../contract/shared/api';
import { openApiDocument } from '../contract/shared/openapi';
import {
  docsUiInitializer,
  docsUiPage,
  docsUiTypes,
  integrationGuideFile,
  systemAccess,
  systemEndpoints,
  type DocsUiFile,
} from '../contract/system';
import { sendContent } from './_files';
import { mockEndpoints } from './_resource';
import { shared } from './_store';

/** One registry however often umi reloads this file (a second would register Node's metrics twice). */
const devMetrics = shared('devMetrics', () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
});

export default mockEndpoints(systemEndpoints, systemAccess, '文件不存在', {
  health: () => ({ status: 'ok' as const, database: 'mock' }),
  live: () => ({ status: 'ok' as const }),
  docs: () => openApiDocument(apiResources),
  docsUi: ({ res }) => sendContent(res, 'text/html; charset=utf-8', Buffer.from(docsUiPage)),
  docsUiAsset: ({ params, res }) => {
    const file = params.file as DocsUiFile;
    const folder = path.dirname(require.resolve('swagger-ui-dist/package.json'));
    const content = file === 'init.js' ? Buffer.from(docsUiInitializer) : fs.readFileSync(path.join(folder, file));
    return sendContent(res, docsUiTypes[file], content);
  },
  integrationGuide: ({ res }) =>
    sendContent(res, 'text/markdown; charset=utf-8', fs.readFileSync(path.join(__dirname, '..', ...integrationGuideFile))),
  // The dev server's own process (memory, event loop): it keeps no requests or queues of its own to count.
  metrics: async ({ res }) => sendContent(res, devMetrics.contentType, Buffer.from(await devMetrics.metrics())),
});
