/**
 * Hostile input against every route the server serves, found from its own OpenAPI document (GET /v1/docs), so
 * a route is fuzzed the day it is added. Each route gets FUZZ_CASES generated requests (default 50): wrong
 * types, nulls, control characters, huge and negative numbers, prototype keys, wrong content types, deep
 * nesting, oversize bodies, as each role, as nobody and with a forged token. Every answer is below 500, its
 * status one the document lists for the operation and its body valid by the document's schema; every refusal has
 * the API's error shape and changes no business row. A route the fuzz did not reach fails the test.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { seedLookups } from '../domain/demo/packing';
import { createLine } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';
import { answerChecker, dereferenced } from '../http/documentedAnswers';
import { extremeDate, isDateSchema, schemaArbitraries } from '../testing/schemaArbitrary';

const CASES = Number(process.env.FUZZ_CASES ?? 50);

/** Tables of business rows. Counters a refused call may bump by design (rate limits, SMS code attempts) are not among them. */
const BUSINESS_TABLES = [
  'users',
  'bulk_lines',
  'bulk_line_counts',
  'settings',
  'notices',
  'audit_log',
  'factories',
  'size_groups',
  'gbs_orders',
  'known_addresses',
  'carton_scans',
  'loose_bookings',
  'osb_containers',
];

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProperties: string[] | null;
  /** Query parameters and body properties that hold a date, a month or a week (by their schema's format or pattern). */
  dateFields: Set<string>;
  /** The query parameters' schemas, and the JSON body's, for requests well-formed but at the dates. */
  query: { name: string; required: boolean; schema?: Record<string, unknown> }[];
  bodySchema?: Record<string, unknown>;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

let t: TestApp;
let tokens: Record<string, string>;
let lineKey: string;
let userId: string;

async function signInAll() {
  tokens = {
    user: await t.login('fuzzuser'),
    user2: await t.login('fuzzuser2'),
    clerk: await t.login('fuzzclerk'),
    inspector: await t.login('fuzzinspector'),
  };
}

beforeAll(async () => {
  // Limits that generated sign-ins never reach: the fuzz is about answers, not about being slowed down.
  const generous = { limit: 1_000_000, windowSeconds: 60 };
  t = await createTestApp({
    rateLimits: {
      loginPerAccountAddress: generous,
      loginPerAccount: generous,
      loginPerIp: generous,
      loginDelayMs: 0,
      passwordChecks: generous,
      captchaPerMobile: generous,
      captchaPerIp: generous,
      forgotPerAccount: generous,
    },
  });
  await seedLookups(t.app.db);
  userId = await t.addUser('fuzzuser', ['user'], { phone: '13900000001' });
  await t.addUser('fuzzuser2', ['user']);
  await t.addUser('fuzzclerk', ['documentClerk']);
  await t.addUser('fuzzinspector', ['inspector']);
  await signInAll();
  lineKey = (await createLine(t, tokens.user, { poNo: 'PO-FUZZ' })).key;
});
afterAll(() => t.close());

/** One digest of every business table: equal before and after a refused call means no row changed. */
async function businessDigest(): Promise<string> {
  const parts = BUSINESS_TABLES.map(
    (table) => `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from ${table} t)`,
  );
  const result = (await t.app.db.execute(sql.raw(`select ${parts.join(" || ':' || ")} as digest`))) as unknown as {
    rows: { digest: string }[];
  };
  return result.rows[0].digest;
}

function operations(document: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = (operation.parameters ?? []) as {
        name: string;
        in: string;
        required?: boolean;
        schema?: Record<string, unknown>;
      }[];
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const propertySchemas: Record<string, unknown> = schema
        ? {
            ...(schema.properties ?? {}),
            ...(schema.anyOf ?? schema.oneOf ?? []).reduce((all: object, s: any) => ({ ...all, ...s.properties }), {}),
          }
        : {};
      const dateFields = new Set([
        ...parameters.filter((p) => p.in === 'query' && isDateSchema(p.schema)).map((p) => p.name),
        ...Object.entries(propertySchemas)
          .filter(([, s]) => isDateSchema(s))
          .map(([name]) => name),
      ]);
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: schema ? Object.keys(propertySchemas) : null,
        dateFields,
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema })),
        bodySchema: schema,
        responses: operation.responses,
      };
    }),
  );
}

// ——— what hostile input looks like ———

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const nastyText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\n\t',
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\uD800',
  '\uFFFF',
  'x'.repeat(5000),
  '9'.repeat(40),
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
  '2025-02-30',
  'constructor:ascend',
  '__proto__:descend',
  'createdAt:sideways',
  ...PROTOTYPE_KEYS,
);
const hostileString = fc.oneof(
  nastyText,
  extremeDate,
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
  ),
);
const hostileScalar = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
const hostileKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileString);
const { json: hostileJson } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileScalar, tie('array'), tie('object')),
  array: fc.array(tie('json'), { maxLength: 5 }),
  object: fc.dictionary(hostileKey, tie('json'), { maxKeys: 5 }),
}));

/** A body shaped like the route's own (its property names) with hostile values, or anything at all. */
function bodyFor(operation: Operation) {
  const shaped = operation.bodyProperties?.length
    ? fc.record(
        Object.fromEntries(
          operation.bodyProperties.map((name) => [
            name,
            operation.dateFields.has(name) ? fc.oneof({ weight: 3, arbitrary: extremeDate }, hostileJson) : hostileJson,
          ]),
        ),
        { requiredKeys: [] },
      )
    : fc.constant({});
  return fc.oneof(
    { weight: 5, arbitrary: shaped.map((value) => JSON.stringify(value)) },
    { weight: 3, arbitrary: hostileJson.map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '',
        'null',
        '"\\u0000"',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ),
    },
    { weight: 1, arbitrary: fc.constant(`{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`) },
    { weight: 1, arbitrary: fc.constant(`{"a":"${'x'.repeat(1_100_000)}"}`) },
  );
}

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/x-www-form-urlencoded',
  'application/xml',
  undefined,
);

/**
 * A request well-formed by the route's own schemas (every required query parameter, a body of the right shape)
 * whose dates are at or past the business range: for routes that take a date, month or week anywhere.
 */
function atTheDates(operation: Operation, conforming: (schema?: Record<string, unknown>) => fc.Arbitrary<unknown>) {
  const query = fc
    .tuple(
      ...operation.query.map((p) =>
        p.required
          ? conforming(p.schema).map((v) => [p.name, String(v)])
          : fc.option(conforming(p.schema).map((v) => [p.name, String(v)])),
      ),
    )
    .map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== null));
  return fc.record({
    params: fc.tuple(...operation.pathParams.map(() => fc.constantFrom(lineKey, userId))),
    query,
    body: operation.bodySchema ? conforming(operation.bodySchema).map((value) => JSON.stringify(value)) : fc.constant(null),
    contentType: fc.constant('application/json'),
    who: fc.constantFrom('user', 'clerk', 'inspector'),
    address: fc.integer({ min: 1, max: 254 }).map((n) => `198.51.100.${n}`),
  });
}

function requestFor(operation: Operation) {
  const pathValue = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: fc.constant(lineKey) },
    { weight: 1, arbitrary: fc.constant(userId) },
  );
  const queryPair = fc.oneof(
    fc.tuple(
      operation.queryParams.length ? fc.oneof(fc.constantFrom(...operation.queryParams), hostileKey) : hostileKey,
      fc.oneof(hostileString, hostileNumber.map(String)),
    ),
    ...(operation.dateFields.size ? [fc.tuple(fc.constantFrom(...operation.dateFields), extremeDate)] : []),
  );
  return fc.record({
    params: fc.tuple(...operation.pathParams.map(() => pathValue)),
    query: fc.array(queryPair, { maxLength: 6 }),
    body:
      operation.bodyProperties !== null || operation.method !== 'GET'
        ? fc.option(bodyFor(operation), { freq: 5 })
        : fc.constant(null),
    contentType,
    who: fc.constantFrom('user', 'user2', 'clerk', 'inspector', 'nobody', 'forged'),
    address: fc.integer({ min: 1, max: 254 }).map((n) => `198.51.100.${n}`),
  });
}

/**
 * A lone surrogate cannot be encoded: it is sent as the bytes of one, which no UTF-8 decoder accepts. A segment of
 * dots only gets a letter after it: as it is, even percent-encoded (`%2E`), the URL resolves it (`/v1/bol/.` is
 * `/v1/bol/`), and the request would reach another route than the one it was generated for.
 */
function pathSegment(value: string): string {
  if (/^\.+$/.test(value)) return `${value}x`;
  try {
    return encodeURIComponent(value || 'x');
  } catch {
    return '%ED%A0%80';
  }
}

function urlOf(operation: Operation, params: string[], query: [string, string][]): string {
  let i = 0;
  const path = operation.path.replace(/\{\w+\}/g, () => pathSegment(params[i++]));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

const routeNotFound = (body: { errorCode?: string; errorMessage?: string }) =>
  body.errorCode === 'NOT_FOUND' && body.errorMessage?.startsWith('没有这个接口');

it('every registered route is in the OpenAPI document the fuzz reads', async () => {
  const documented = operations(dereferenced((await t.call('GET', '/v1/docs')).json())).map((op) => `${op.method} ${op.path}`);
  const registered = t.app.apiRoutes.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
  expect(new Set(documented)).toEqual(new Set(registered));
});

it(`every route answers ${CASES} generated hostile requests below 500, and a refusal changes nothing`, async () => {
  const document = dereferenced((await t.call('GET', '/v1/docs')).json());
  const { conforming, holdsDate } = schemaArbitraries(document);
  const problemsOf = answerChecker();
  const unreached: string[] = [];
  for (const operation of operations(document)) {
    let reached = 0;
    let sent = 0;
    const datesAt =
      operation.query.some((p) => holdsDate(p.schema)) || holdsDate(operation.bodySchema)
        ? [{ weight: 2, arbitrary: atTheDates(operation, conforming) }]
        : [];
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 3, arbitrary: requestFor(operation) }, ...datesAt), async (input) => {
        const before = await businessDigest();
        const headers: Record<string, string> = {};
        if (input.contentType && input.body !== null) headers['content-type'] = input.contentType;
        if (input.who === 'forged') headers.authorization = 'Bearer forged-token-0000000000000000000000000000000';
        else if (input.who !== 'nobody') headers.authorization = `Bearer ${tokens[input.who]}`;
        const response = await t.app.inject({
          method: operation.method as InjectOptions['method'],
          url: urlOf(operation, input.params, input.query),
          remoteAddress: input.address,
          headers,
          ...(input.body === null ? {} : { payload: input.body }),
        });
        sent += 1;
        const label = `${operation.method} ${operation.path} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect([label, response.statusCode < 500]).toEqual([label, true]);
        const routeMissing = response.statusCode === 404 && routeNotFound(response.json());
        if (!routeMissing) {
          const contentType = String(response.headers['content-type'] ?? '');
          const answer = { statusCode: response.statusCode, contentType, body: response.body };
          expect([label, problemsOf(operation, answer)]).toEqual([label, []]);
        }
        if (response.statusCode >= 400) {
          const body = response.json();
          expect([label, body]).toEqual([
            label,
            expect.objectContaining({ success: false, errorCode: expect.any(String), errorMessage: expect.any(String) }),
          ]);
          if (!routeNotFound(body)) reached += 1;
          expect([label, await businessDigest()]).toEqual([label, before]);
        } else {
          reached += 1;
        }
      }),
      { numRuns: CASES, endOnFailure: true },
    );
    // A logout or "sign out other devices" may have ended a session the next route needs.
    await signInAll();
    expect(sent).toBeGreaterThanOrEqual(CASES);
    if (reached === 0) unreached.push(`${operation.method} ${operation.path}`);
  }
  expect(unreached).toEqual([]);
}, 600_000);
