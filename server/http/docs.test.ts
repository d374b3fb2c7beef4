/** GET /v1/docs: a valid OpenAPI 3.1 document that documents every route's answer. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Routes whose answers are not documented yet: packing's, which move to an endpoint table next. */
const undocumented: string[] = [];

it('validates as OpenAPI 3.1', async () => {
  const document = (await t.call('GET', '/v1/docs')).body;
  const verdict = JSON.parse(
    execFileSync(process.execPath, [path.join(__dirname, '../../tests/support/validateOpenApi.mjs')], {
      input: document,
    }).toString(),
  );
  expect(verdict).toMatchObject({ valid: true, version: '3.1' });
});

it('documents a success answer of every route but the ones still to move', async () => {
  const { paths } = (await t.call('GET', '/v1/docs')).json() as {
    paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
  };
  const missing = Object.entries(paths)
    .flatMap(([url, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) => !Object.entries(operation.responses).some(([status, answer]) => /^2/.test(status) && answer.content),
        )
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    )
    .sort();
  expect(missing).toEqual(undocumented);
});
