/**
 * GET /v1/docs: a valid OpenAPI 3.1 document, built from contract/shared/api.ts, of exactly the routes the app registers
 * (with the roles their guards admit), ready for tools: operationIds, tags, error answers, Redocly's lint.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { apiOperations } from '../../contract/shared/api';
import { dereferenced, type OpenApiDocument } from './documentedAnswers';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Operation {
  operationId?: string;
  tags?: string[];
  'x-roles': unknown;
  parameters: { name: string; description?: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

const documentOf = async () => (await t.call('GET', '/v1/docs')).json() as Document;
const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ id: `${method.toUpperCase()} ${url}`, operation })),
  );
const urlOf = (route: string) => route.replace(/(.)\/$/, '$1').replace(/:(\w+)/g, '{$1}');

it('validates as OpenAPI 3.1', async () => {
  const document = (await t.call('GET', '/v1/docs')).body;
  const verdict = JSON.parse(
    execFileSync(process.execPath, [path.join(__dirname, '../../tests/support/validateOpenApi.mjs')], {
      input: document,
    }).toString(),
  );
  expect(verdict).toMatchObject({ valid: true, version: '3.1' });
});

it('documents exactly the registered routes, each with the roles its guard admits', async () => {
  const documented = operationsOf(await documentOf());
  const registered = t.app.apiRoutes.map((route) => `${route.method} ${urlOf(route.url)}`);
  expect(documented.map((op) => op.id).sort()).toEqual([...registered].sort());
  expect(
    apiOperations()
      .map((op) => op.replace(/^(\w+) (.*)$/, (_, method, url) => `${method} ${urlOf(url)}`))
      .sort(),
  ).toEqual([...registered].sort());
  const roles = new Map(documented.map((op) => [op.id, op.operation['x-roles']]));
  for (const route of t.app.apiRoutes)
    expect([route.url, roles.get(`${route.method} ${urlOf(route.url)}`)]).toEqual([route.url, route.access]);
});

it('gives every operation a unique operationId, a declared tag, described parameters, a success and its errors', async () => {
  const document = await documentOf();
  const operations = operationsOf(document);
  const ids = operations.map((op) => op.operation.operationId);
  expect(ids.every(Boolean)).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  const tags = new Set(document.tags.map((tag) => tag.name));
  expect(operations.filter((op) => op.operation.tags?.length !== 1 || !tags.has(op.operation.tags[0]))).toEqual([]);
  const undescribed = operations.flatMap((op) =>
    op.operation.parameters.filter((p) => !p.description || p.description === p.name).map((p) => `${op.id} ${p.name}`),
  );
  expect(undescribed).toEqual([]);
  for (const { id, operation } of operations) {
    const statuses = Object.keys(operation.responses);
    expect([id, statuses.some((status) => /^2/.test(status))]).toEqual([id, true]);
    expect([id, statuses.some((status) => /^[45]/.test(status))]).toEqual([id, true]);
  }
});

it('carries an example from the demo for every JSON body and success answer, each valid by its schema', async () => {
  const document = dereferenced((await t.call('GET', '/v1/docs')).json() as OpenApiDocument);
  const ajv = new Ajv2020({ strict: false, validateFormats: false, unicodeRegExp: false });
  const bodies: string[] = [];
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const [url, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const parts = [
        ['request', operation.requestBody?.content],
        ...Object.entries<{ content?: Record<string, { schema: object; example?: unknown }> }>(operation.responses ?? {})
          .filter(([status]) => /^2/.test(status))
          .map(([status, answer]) => [status, answer.content] as const),
      ];
      for (const [part, content] of parts) {
        const json = content?.['application/json'];
        // The document is no example of itself.
        if (!json || url === '/v1/docs') continue;
        const name = `${method.toUpperCase()} ${url} ${part}`;
        if (part === 'request') bodies.push(name);
        if (json.example === undefined) missing.push(name);
        else if (!ajv.validate(json.schema, json.example)) invalid.push(`${name}: ${ajv.errorsText()}`);
      }
    }
  expect(invalid).toEqual([]);
  // `npm run docs:examples` replays every operation on the demo and writes them.
  expect(missing).toEqual([]);
  expect(bodies.length).toBeGreaterThanOrEqual(52);
});

it('shows uploads as multipart forms and files with their media types', async () => {
  const { paths } = await documentOf();
  expect(Object.keys(paths['/v1/osbPrice/import'].post.requestBody!.content)).toEqual(['multipart/form-data']);
  expect(Object.keys(paths['/v1/bol/{key}/pdf'].get.responses['200'].content!)).toEqual(['application/pdf']);
  expect(Object.keys(paths['/v1/packing/bulkdata/template'].get.responses['200'].content!)).toEqual([
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ]);
});

it('passes Redocly’s recommended rules (redocly.yaml) with no error and no warning', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-openapi-'));
  const file = path.join(folder, 'openapi.json');
  fs.writeFileSync(file, (await t.call('GET', '/v1/docs')).body);
  const cli = path.join(__dirname, '../../node_modules/@redocly/cli/bin/cli.js');
  const run = () =>
    execFileSync(
      process.execPath,
      [cli, 'lint', file, '--config', path.join(__dirname, '../../redocly.yaml'), '--format', 'json'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    ).toString();
  let report: string;
  try {
    report = run();
  } catch (error) {
    report = (error as { stdout: Buffer }).stdout.toString();
  }
  const problems = (JSON.parse(report) as { problems: { severity: string; message: string; location: unknown }[] }).problems;
  expect(problems).toEqual([]);
  fs.rmSync(folder, { recursive: true });
}, 60_000);

it('serves the reference page and its files under the CSP', async () => {
  const page = await t.call('GET', '/v1/docs/ui');
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
    expect((await t.call('GET', `/v1/docs/ui/${file}`)).statusCode).toBe(200);
  }
  expect((await t.call('GET', '/v1/docs/ui/package.json')).statusCode).toBe(404);
});
