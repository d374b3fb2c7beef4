/**
 * HTTP conditional requests over the versions: a record's GET answers its ETag, a write may hold the version in
 * If-Match instead of its body (a DELETE then sends none), and a stale one is 412 in the same words as the 409.
 */
import { apiResources } from '../../contract/shared/api';
import { answersVersion, takesVersion, versionOfIfMatch } from '../../contract/shared/endpoint';
import { openApiDocument } from '../../contract/shared/openapi';
import { seedLookups } from '../domain/demo/packing';
import { createLine, lineInput } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('cduser', ['user']);
  user = await t.login('cduser');
});
afterAll(() => t.close());

const withIfMatch = (method: 'GET' | 'PUT' | 'DELETE', url: string, ifMatch: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${user}`, 'if-match': ifMatch, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

it('reads If-Match as one strong or weak ETag of a version, and nothing else', () => {
  expect(['"3"', 'W/"3"', ' "12" '].map(versionOfIfMatch)).toEqual([3, 3, 12]);
  expect(['3', '"0"', '"3", "4"', '*', '"x"', `"${'9'.repeat(10)}"`].map(versionOfIfMatch)).toEqual(Array(6).fill(undefined));
});

it('tags a line’s GET, takes its PUT’s version from If-Match, and answers a stale one 412', async () => {
  const line = await createLine(t, user, { poNo: 'PO-CD1' });
  const read = await t.call('GET', `/v1/packing/bulkdata/${line.key}`, { token: user });
  expect(read.headers.etag).toBe(`"${line.version}"`);
  const input = lineInput({ poNo: 'PO-CD1', colour: 'RED' });
  const saved = await withIfMatch('PUT', `/v1/packing/multi/bulkdata/${line.key}`, read.headers.etag as string, input);
  expect([saved.statusCode, saved.json().colour, saved.json().version]).toEqual([200, 'RED', line.version + 1]);
  const stale = await withIfMatch('PUT', `/v1/packing/multi/bulkdata/${line.key}`, `W/"${line.version}"`, input);
  expect([stale.statusCode, stale.json().errorCode, stale.json().errorMessage]).toEqual([
    412,
    'PRECONDITION_FAILED',
    expect.stringContaining('已被他人修改'),
  ]);
  const clash = await withIfMatch('PUT', `/v1/packing/multi/bulkdata/${line.key}`, `"${line.version + 1}"`, {
    ...input,
    version: line.version,
  });
  expect([clash.statusCode, clash.json().errorMessage]).toEqual([400, 'If-Match 与请求中的 version 不一致']);
  const nonsense = await withIfMatch('PUT', `/v1/packing/multi/bulkdata/${line.key}`, '*', input);
  expect([nonsense.statusCode, nonsense.json().errorMessage]).toEqual([400, 'If-Match 应为记录的 ETag，如 "3"']);
});

it('deletes with If-Match and no body; without either the version is still asked for', async () => {
  const line = await createLine(t, user, { poNo: 'PO-CD2' });
  const bare = await t.call('DELETE', `/v1/packing/multi/bulkdata/${line.key}`, { token: user });
  expect(bare.statusCode).toBe(422);
  const gone = await withIfMatch('DELETE', `/v1/packing/multi/bulkdata/${line.key}`, `"${line.version}"`);
  expect([gone.statusCode, gone.json()]).toEqual([200, { success: true, deleted: 1 }]);
});

it('documents If-Match, 412 and ETag on exactly the operations that take or answer a version', () => {
  const document = openApiDocument(apiResources) as unknown as {
    paths: Record<string, Record<string, { parameters: { name: string }[]; responses: Record<string, { headers?: object }> }>>;
  };
  for (const resource of apiResources) {
    for (const endpoint of Object.values(resource.endpoints)) {
      const path = endpoint.path.replace(/(.)\/$/, '$1').replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path][endpoint.method.toLowerCase()];
      const name = `${endpoint.method} ${path}`;
      expect([name, operation.parameters.some((p) => p.name === 'If-Match'), '412' in operation.responses]).toEqual([
        name,
        takesVersion(endpoint),
        takesVersion(endpoint),
      ]);
      const success = operation.responses[String(endpoint.status ?? 200)];
      expect([name, !!success.headers]).toEqual([name, answersVersion(endpoint)]);
    }
  }
  const versioned = apiResources.flatMap((resource) => Object.values(resource.endpoints)).filter(takesVersion);
  expect(versioned.length).toBeGreaterThan(20);
});
