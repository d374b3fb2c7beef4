/**
 * Loads the mock the way `umi dev` does — umi's own getMockData: every mock/*.ts but the helpers, each file
 * deleted from require's cache and required again, in umi's order — twice, as a hot reload does, then works
 * through it as the three roles would and writes what it saw as JSON to the file named by its argument (for
 * mock/umiLoading.test.tsx):
 * the operations the mock has and those the API document lists, the demo rows each role's lists show, a chain
 * across mock files, every operation called with a success, and the answers that broke their schema.
 */
const path = require('node:path');
const { getMockData } = require('@umijs/preset-umi/dist/features/mock/getMockData');

const root = path.resolve(__dirname, '../..');
// As .umirc.ts says: mock/_*.ts are the mock's helpers, not route files.
const load = () => getMockData({ cwd: root, mockConfig: { exclude: ['mock/**/_*.[jt]s'] } });

let mocks = load();

/** Calls `'METHOD /path'` as `account` (null: signed out), as umi's middleware calls a handler. */
function call(op, account, { params = {}, query = {}, body, files, headers: extra = {} } = {}) {
  const mock = mocks[op];
  if (!mock) return Promise.reject(new Error(`the mock has no ${op}`));
  return new Promise((resolve, reject) => {
    const answer = { status: 200, body: undefined, headers: {} };
    const done = (value) => {
      answer.body = value;
      resolve(answer);
    };
    const res = {
      status(code) {
        answer.status = code;
        return res;
      },
      json: done,
      send: done,
      setHeader(name, value) {
        answer.headers[name.toLowerCase()] = value;
      },
    };
    const headers = { ...(account ? { authorization: `Bearer mock-${account}` } : {}), ...extra };
    try {
      const returned = mock.handler({ headers, params, query, body, files }, res);
      if (returned && typeof returned.catch === 'function') returned.catch(reject);
    } catch (error) {
      reject(error);
    }
  });
}

/** Calls and insists on a success; answers the body. */
async function must(op, account, input) {
  const answer = await call(op, account, input);
  if (answer.status >= 300) throw new Error(`${op} as ${account}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const page = { current: '1', pageSize: '50' };
const list = async (op, account, query = {}) => (await must(op, account, { query: { ...page, ...query } })).data;

const fileOf = (name, buffer) => [{ fieldname: 'file', originalname: name, size: buffer.length, buffer }];

/** The rows each role's lists show, as their pages ask for them. */
async function listCounts() {
  const counts = {};
  const count = async (name, op, account, query) => {
    counts[name] = (await list(op, account, query)).length;
  };
  await count('user: 装箱明细', 'GET /v1/packing/bulkdata', 'user');
  await count('user: 订舱计划', 'GET /v1/osbplan', 'user');
  await count('user: 变更申请', 'GET /v1/osbChange', 'user');
  await count('user: 柜', 'GET /v1/osbContainer', 'user');
  await count('user: 待拼柜货物', 'GET /v1/osbGoods', 'user');
  await count('user: 提单', 'GET /v1/bol', 'user');
  await count('user: 验针记录', 'GET /v1/inspection', 'user');
  await count('clerk: 订舱单', 'GET /v1/osbOrder', 'clerk');
  await count('clerk: 报关交接', 'GET /v1/declaration', 'clerk');
  await count('clerk: 提单', 'GET /v1/bol', 'clerk');
  await count('clerk: 出运明细', 'GET /v1/shipping/bulkdata', 'clerk');
  await count('inspector: 待验针', 'GET /v1/inspection/queue', 'inspector');
  await count('inspector: 验针记录', 'GET /v1/inspection', 'inspector');
  counts['clerk: 出运对比'] = (await must('GET /v1/shipping/bulkdata/compare/summary', 'clerk')).rows.length;
  return counts;
}

module.exports = { call, must, list, fileOf, page };

/**
 * What the mock keeps to itself: its SMS codes and invitations; its other links take any long token and
 * `<name>:<kind>:link`.
 */
const secrets = {
  smsCode: async (mobile) => globalThis[Symbol.for('shipdesk.mock.store')].values.get('captchas').get(mobile),
  mailedToken: async (email, kind) =>
    kind === 'register'
      ? globalThis[Symbol.for('shipdesk.mock.store')].values.get('invitations').find((row) => row.email === email).token
      : 'a'.repeat(32),
  unsubscribeToken: async (_email, name, kind) => `${name}:${kind}:link`,
  callbackUrl: 'https://erp.example.com/shipdesk',
  // The mock serves its own process's figures to anyone: it has no METRICS_TOKEN.
  metricsToken: 'mock-metrics-token',
};

async function main() {
  const store = () => globalThis[Symbol.for('shipdesk.mock.store')];
  // The first request plays the demo scenario; then a hot reload (umi loads every file again) must keep it.
  await must('GET /v1/health', null);
  mocks = load();
  const counts = await listCounts();
  const { chain, everyOperation, xlsx, firstRow } = require('./umiMockOperations.cjs');
  const steps = await chain({ call, must, list });
  await everyOperation({ call, must, list, xlsx, firstRow, fileOf, steps, secrets });
  const documented = Object.entries((await must('GET /v1/docs', null)).paths).flatMap(([url, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
  );
  const values = store().values;
  require('node:fs').writeFileSync(
    process.argv[2],
    JSON.stringify({
      mocked: Object.keys(mocks),
      documented,
      counts,
      steps,
      answered: [...(values.get('answeredRoutes') ?? [])],
      violations: values.get('schemaViolations') ?? [],
    }),
  );
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
