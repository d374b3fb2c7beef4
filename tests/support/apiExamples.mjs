/**
 * `npm run docs:examples`: the API document's examples, taken from the demo by replaying the operations on the real
 * server. Starts it on a fresh data folder (the demo seeded as a first `npm start` does, but for its booking), plays
 * the demo booking (demo/bookingScenario.ts) over HTTP, then the mock's script of every operation
 * (tests/support/umiMockOperations.cjs) as the three roles. Each operation's first request body and first JSON
 * answer of a success become its examples, kept only when they validate against the document's own schema (long
 * lists cut to three rows), in contract/shared/apiExamples.json, which contract/shared/openapi.ts puts beside each schema;
 * server/http/docs.test.ts checks that every JSON body and answer has one.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020.js';
import { demoPrices } from '../../demo/booking.ts';
import { bookableSailings, playDemoBooking } from '../../demo/bookingScenario.ts';
import { chinaToday } from '../../contract/plan/codes.ts';
import { latestSmsCode, readMails } from '../../server/testing/outbox.ts';
import { DEMO_PASSWORD, projectRoot, startShipdesk } from './server.mjs';

const require = createRequire(import.meta.url);
const { chain, everyOperation, xlsx, firstRow } = require('./umiMockOperations.cjs');

const out = path.join(projectRoot, 'contract', 'shared', 'apiExamples.json');
/** The callback the examples show; the replay's own receiver, on this machine, stands in for it. */
const SHOWN_CALLBACK = 'https://erp.example.com/shipdesk';

const receiver = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(204).end());
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const callbackUrl = `http://127.0.0.1:${receiver.address().port}/shipdesk`;

const metricsToken = 'examples-metrics-token-0123456789';
// Jobs every second: the to-do mail the script asks for goes out while it waits for it.
const server = await startShipdesk({
  env: {
    DEMO_BOOKING: 'off',
    JOB_TICK_SECONDS: '1',
    MAIL_EVERY_SECONDS: '1',
    WEBHOOK_ALLOW_NETWORKS: '127.0.0.1/32',
    METRICS_TOKEN: metricsToken,
  },
});
try {
  const tokens = {};
  const signIn = async (account) => {
    const response = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'account', userName: account, password: DEMO_PASSWORD }),
    });
    tokens[account] = (await response.json()).token;
  };

  /** Every success, by operation: `{ request, response }` as first seen. */
  const seen = {};
  const operationOf = (op) => op.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');

  /** `'METHOD /v1/path/:param'` over HTTP as `account` (null: signed out); a 401 signs in again once. */
  async function call(op, account, { params = {}, query = {}, body, files, headers: extra = {} } = {}, again = true) {
    const [method, template] = op.split(' ');
    if (account && !tokens[account]) await signIn(account);
    const url = new URL(server.url + template.replace(/:(\w+)/g, (_whole, name) => encodeURIComponent(params[name])));
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    const headers = { ...(account ? { authorization: `Bearer ${tokens[account]}` } : {}), ...extra };
    let payload;
    if (files) {
      payload = new FormData();
      for (const file of files)
        payload.append(
          file.fieldname,
          new Blob([file.buffer], { type: file.mimetype ?? 'application/octet-stream' }),
          file.originalname,
        );
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(url, { method, headers, body: payload });
    if (response.status === 401 && account && again) {
      await signIn(account);
      return call(op, account, { params, query, body, files, headers: extra }, false);
    }
    const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
    const answer = json ? await response.json() : Buffer.from(await response.arrayBuffer());
    const operation = `${method} ${operationOf(template)}`;
    if (response.ok && !seen[operation])
      seen[operation] = { request: files ? undefined : body, response: json ? answer : undefined };
    return { status: response.status, body: answer };
  }
  async function must(op, account, input) {
    const answer = await call(op, account, input);
    if (answer.status >= 300) throw new Error(`${op} as ${account}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
  const list = async (op, account, query = {}) =>
    (await must(op, account, { query: { current: '1', pageSize: '50', ...query } })).data;
  const fileOf = (name, buffer) => [{ fieldname: 'file', originalname: name, buffer }];

  /** Waits for what the server writes to its outbox (mails go out after their transaction). */
  const awaited = async (what, find) => {
    for (let tries = 0; tries < 100; tries += 1) {
      const found = find();
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nothing in the outbox: ${what}`);
  };
  const tokenOfLink = (text, pathname) => new RegExp(`${pathname}\\?(?:token|invitation)=([\\w-]+)`).exec(text)?.[1];
  const secrets = {
    smsCode: (mobile) => awaited(`an SMS to ${mobile}`, () => latestSmsCode(server.outboxDir, mobile)),
    mailedToken: (email, kind) =>
      awaited(`the ${kind} mail to ${email}`, () =>
        readMails(server.outboxDir, email)
          .map((mail) => tokenOfLink(mail.text, `/user/${kind}`))
          .filter(Boolean)
          .pop(),
      ),
    unsubscribeToken: (email) =>
      awaited(`a to-do mail to ${email}`, () =>
        readMails(server.outboxDir, email)
          .map((mail) => tokenOfLink(mail.text, '/user/unsubscribe'))
          .filter(Boolean)
          .pop(),
      ),
    callbackUrl,
    metricsToken,
  };

  await playDemoBooking(demoBookingOverHttp({ must, list }), chinaToday());
  const steps = await chain({ call, must, list });
  await everyOperation({ call, must, list, xlsx, firstRow, fileOf, steps, secrets });

  const document = await (await fetch(`${server.url}/v1/docs`)).json();
  const ajv = new Ajv2020({ strict: false, validateFormats: false, unicodeRegExp: false });
  // A schema's references are to the document's components: compiled with them beside it.
  const valid = (schema, value) => ajv.compile({ ...schema, components: document.components })(value);
  /** Lists cut to three rows: an example shows the shape, not the demo. */
  const cut = (value) => {
    if (Array.isArray(value)) return value.slice(0, 3).map(cut);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cut(v)]));
    return value;
  };
  const shown = (value) => JSON.parse(JSON.stringify(value ?? null).replaceAll(callbackUrl, SHOWN_CALLBACK));

  const examples = {};
  const unfit = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${template}`;
      // The document is no example of itself.
      if (template === '/v1/docs' || !seen[name]) continue;
      const example = {};
      const requestSchema = operation.requestBody?.content?.['application/json']?.schema;
      if (requestSchema && seen[name].request !== undefined) {
        if (valid(requestSchema, shown(seen[name].request))) example.request = shown(seen[name].request);
        else unfit.push(`${name} request`);
      }
      const success = Object.entries(operation.responses).find(([status]) => /^2/.test(status))?.[1];
      const responseSchema = success?.content?.['application/json']?.schema;
      if (responseSchema && seen[name].response !== undefined) {
        const answer = shown(seen[name].response);
        const kept = [cut(answer), answer].find((candidate) => valid(responseSchema, candidate));
        if (kept !== undefined) example.response = kept;
        else unfit.push(`${name} response`);
      }
      if (Object.keys(example).length) examples[name] = example;
    }
  }
  if (unfit.length) console.log(`not valid by their own schema: ${unfit.join(', ')}`);
  fs.writeFileSync(out, `${JSON.stringify(examples, null, 2)}\n`);
  const count = (part) => Object.values(examples).filter((example) => example[part]).length;
  console.log(`${path.relative(projectRoot, out)}: ${count('request')} requests, ${count('response')} answers`);
} finally {
  await server.stop();
  receiver.close();
}

/** The demo booking's calls (demo/bookingScenario.ts) as HTTP requests, as the server's first start makes them. */
function demoBookingOverHttp({ must, list }) {
  const customer = 'user';
  const as = (who) => (who === 'customer' ? customer : 'clerk');
  return {
    // The demo's lanes and months, each month of a lane asked once.
    sailings: async () => {
      const months = new Set(
        demoPrices().map(
          ({ pol, pod, containerType, sailingDate }) => `${pol} ${pod} ${containerType} ${sailingDate.slice(0, 7)}`,
        ),
      );
      const found = [];
      for (const month of months) {
        const [pol, pod, containerType, yearMonth] = month.split(' ');
        const answer = await must('GET /v1/osbPrice', customer, { query: { pol, pod, containerType, month: yearMonth } });
        found.push(...answer.data);
      }
      return bookableSailings(found, chinaToday());
    },
    ports: async () => {
      const dict = await must('GET /v1/osbDict', customer);
      return { ports: dict.ports, defaultPod: dict.defaultPorts.pod };
    },
    waitingLines: () =>
      list('GET /v1/packing/bulkdata', customer, {
        pageSize: '100',
        status: 'pendingConsolidation',
        type: 'multi',
        sorter: 'createdAt:ascend',
      }),
    createPlan: (body) => must('POST /v1/osbplan/', customer, { body }),
    updatePlan: (key, body) => must('PUT /v1/osbplan/:key', customer, { params: { key }, body }),
    orderOfPlan: async (planKey) => (await list('GET /v1/osbOrder', 'clerk', { pageSize: '1', planKey }))[0],
    patchOrder: (key, body) => must('PATCH /v1/osbOrder/:key', 'clerk', { params: { key }, body }),
    requestChange: (planKey, body) => must('POST /v1/osbplan/:planKey/change', customer, { params: { planKey }, body }),
    decideChange: (key, body) => must('PATCH /v1/osbChange/:key', 'clerk', { params: { key }, body }),
    addContainer: (planKey, body) => must('POST /v1/osbplan/:planKey/container', customer, { params: { planKey }, body }),
    loadLines: (body) => must('PATCH /v1/bulkslist', customer, { body }),
    createBol: (body) => must('POST /v1/bol', 'clerk', { body }),
    updateBol: (key, body) => must('PUT /v1/bol/:key', 'clerk', { params: { key }, body }),
    patchBol: (who, key, body) => must('PATCH /v1/bol/:key', as(who), { params: { key }, body }),
    enterMilestone: (body) => must('POST /v1/tnt/milestones', 'clerk', { body }),
    createDeclaration: (orderKey) => must('POST /v1/declaration', 'clerk', { body: { orderKey } }),
    updateDeclaration: (key, body) => must('PUT /v1/declaration/:key', 'clerk', { params: { key }, body }),
  };
}
