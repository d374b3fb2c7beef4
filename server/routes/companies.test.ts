/**
 * 客户公司: the owner matrix with companies, over the demo. `user` and `user-b` are colleagues of one company,
 * `user2` is of another: a colleague reaches every record of the company — by list, key, page, export, search,
 * history, Track & Trace, webhook and API token — and works on it as its owner does; the other company reaches none.
 */
import ExcelJS from 'exceljs';
import { confirmedPlan, putPrice } from '../testing/booking';
import { createLine, lineInput, setStatus } from '../testing/bulk';
import { createDemoApp, type DemoName } from '../testing/demo';
import type { TestApp } from '../testing/harness';

let t: TestApp;
let token: Record<DemoName, string>;

beforeAll(async () => {
  // Webhooks may name this machine: a subscription is made, never delivered here.
  ({ t, token } = await createDemoApp({ webhook: { everySeconds: 5, timeoutSeconds: 1, allowNetworks: '127.0.0.0/8' } }));
  // The demo has no loose cargo: a booking of user's.
  const line = await createLine(t, token.user, { poNo: 'PO-CO1', cartonTo: 4, destination: 'Hamburg' }, 'single');
  await setStatus(t, line.key, 'pendingConsolidation', 'pass');
  const booked = await t.call('POST', '/v1/looseBooking', {
    token: token.user,
    body: { versions: { [line.key]: line.version }, forwarder: '德迅', cfsCutOff: '2099-12-01' },
  });
  expect(booked.statusCode).toBe(201);
});
afterAll(() => t.close());

const get = (url: string, as: DemoName | string) => t.call('GET', url, { token: as in token ? token[as as DemoName] : as });

/** Every list a customer reads, with the detail path of its rows. */
const lists = [
  { list: '/v1/packing/bulkdata?pageSize=100', one: (key: string) => `/v1/packing/bulkdata/${key}` },
  { list: '/v1/shipping/bulkdata?pageSize=100', one: (key: string) => `/v1/packing/bulkdata/${key}` },
  { list: '/v1/inspection?pageSize=100', one: (key: string) => `/v1/inspection/${key}` },
  { list: '/v1/osbplan?pageSize=100', one: (key: string) => `/v1/osbplan/${key}` },
  { list: '/v1/osbContainer?pageSize=100', one: (key: string) => `/v1/osbContainer/${key}` },
  { list: '/v1/bol?pageSize=100', one: (key: string) => `/v1/bol/${key}` },
  { list: '/v1/looseBooking?pageSize=100', one: (key: string) => `/v1/looseBooking/${key}` },
  { list: '/v1/handover?pageSize=100', one: (key: string) => `/v1/handover/${key}` },
  { list: '/v1/osbGoods?pageSize=100' },
];

const keysOf = async (url: string, as: DemoName | string): Promise<string[]> => {
  const response = await get(url, as);
  expect(response.statusCode).toBe(200);
  // A row's key, or (待拼柜货物's groups, which have none) the keys of its lines.
  return (response.json().data as { key?: string; lines?: { key: string }[] }[]).flatMap((row) =>
    row.key ? [row.key] : (row.lines ?? []).map((line) => line.key),
  );
};

it.each(lists)(
  '$list: a colleague lists what the owner lists, another company none of it, not even by key',
  async ({ list, one }) => {
    const owners = await keysOf(list, 'user');
    if (!list.startsWith('/v1/handover')) expect(owners.length).toBeGreaterThan(0);
    expect(await keysOf(list, 'user-b')).toEqual(owners);
    const others = await keysOf(list, 'user2');
    expect(others.filter((key) => owners.includes(key))).toEqual([]);
    if (!one) return;
    for (const key of owners.slice(0, 5)) {
      expect((await get(one(key), 'user-b')).statusCode).toBe(200);
      const refused = await get(one(key), 'user2');
      expect([refused.statusCode, refused.json().errorMessage]).toEqual([404, expect.stringMatching(/不存在/)]);
    }
  },
);

it('pages alike: the second page of a colleague is the owner’s, totals included', async () => {
  const page = async (as: DemoName) => (await get('/v1/packing/bulkdata?pageSize=7&current=2', as)).json();
  const [owners, colleagues] = [await page('user'), await page('user-b')];
  expect(colleagues).toEqual(owners);
  expect(owners.total).toBeGreaterThan(7);
});

it('a colleague changes the owner’s line with its version, and its history names them; another company cannot', async () => {
  const [line] = (await get('/v1/packing/bulkdata?pageSize=1&status=pendingInspection', 'user')).json().data;
  const change = (as: DemoName, destination: string) =>
    t.call('PATCH', `/v1/packing/${line.type}/bulkdata/`, {
      token: token[as],
      body: { keys: [line.key], versions: { [line.key]: line.version }, changes: { destination } },
    });
  const other = await change('user2', 'Oslo');
  expect([other.statusCode, other.json().errorMessage]).toEqual([404, expect.stringMatching(/不存在/)]);
  const changed = await change('user-b', 'Rotterdam');
  expect(changed.statusCode).toBe(200);
  expect(changed.json()[0]).toMatchObject({ destination: 'Rotterdam', version: line.version + 1 });
  const history = await get(`/v1/history/packing/${line.key}`, 'user');
  expect(history.statusCode).toBe(200);
  expect(JSON.stringify(history.json())).toContain('周同事');
  expect((await get(`/v1/history/packing/${line.key}`, 'user2')).statusCode).toBe(404);
});

async function sheetRows(url: string, as: DemoName): Promise<string[]> {
  const response = await get(url, as);
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: string[] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    if (n > 1) rows.push(JSON.stringify(row.values));
  });
  return rows;
}

it.each(['/v1/packing/bulkdata/export', '/v1/osbplan/export', '/v1/bol/export', '/v1/osbContainer/export'])(
  '%s: a colleague exports the owner’s rows, another company none of them, also by filter',
  async (url) => {
    const owners = await sheetRows(url, 'user');
    expect(owners.length).toBeGreaterThan(0);
    expect(await sheetRows(url, 'user-b')).toEqual(owners);
    const others = await sheetRows(url, 'user2');
    expect(others.filter((row) => owners.includes(row))).toEqual([]);
  },
);

it('the header search finds the company’s POs for a colleague, and nothing of them for another company', async () => {
  const [line] = (await get('/v1/packing/bulkdata?pageSize=1', 'user')).json().data;
  const prefix = encodeURIComponent(line.poNo.slice(0, 6));
  const found = (as: DemoName) => get(`/v1/search?q=${prefix}`, as).then((response) => JSON.stringify(response.json().groups));
  expect(await found('user-b')).toContain(line.poNo);
  expect(await found('user')).toEqual(await found('user-b'));
  expect(await found('user2')).not.toContain(line.poNo);
});

it('Track & Trace: a colleague reads the company’s events and timelines; another company none', async () => {
  const events = async (as: DemoName) => {
    const response = await get('/v1/tnt/events?limit=100', as);
    expect(response.statusCode).toBe(200);
    return (response.json() as { eventID: string }[]).map((event) => event.eventID);
  };
  const owners = await events('user');
  expect(owners.length).toBeGreaterThan(0);
  expect(await events('user-b')).toEqual(owners);
  expect((await events('user2')).filter((id) => owners.includes(id))).toEqual([]);
  const [plan] = (await get('/v1/osbplan?pageSize=1&status=SHIPPED', 'user')).json().data;
  expect((await get(`/v1/tnt/timeline/${plan.key}`, 'user-b')).statusCode).toBe(200);
  expect((await get(`/v1/tnt/timeline/${plan.key}`, 'user2')).statusCode).toBe(404);
});

it('a webhook of one colleague is the company’s: the other colleague sees and changes it, another company not', async () => {
  const made = await t.call('POST', '/v1/webhooks', {
    token: token.user,
    body: { name: '公司 ERP', callbackUrl: 'http://127.0.0.1:9/hook', eventTypes: ['plan.confirmed'] },
  });
  expect([made.statusCode, made.json().errorMessage]).toEqual([201, undefined]);
  const { key, version } = made.json();
  expect((await keysOf('/v1/webhooks', 'user-b')).includes(key)).toBe(true);
  expect((await keysOf('/v1/webhooks', 'user2')).includes(key)).toBe(false);
  expect((await get(`/v1/webhooks/${key}`, 'user2')).statusCode).toBe(404);
  const paused = await t.call('PUT', `/v1/webhooks/${key}`, {
    token: token['user-b'],
    body: { name: '公司 ERP', callbackUrl: 'http://127.0.0.1:9/hook', eventTypes: ['plan.confirmed'], active: false, version },
  });
  expect([paused.statusCode, paused.json().active]).toEqual([200, false]);
});

it('an API token of a colleague reads the company’s lines; one of another company does not', async () => {
  const tokenOf = async (as: DemoName) => {
    const made = await t.call('POST', '/v1/tokens', {
      token: token[as],
      body: { name: 'ERP', scope: 'read', expiresInDays: 30 },
    });
    expect(made.statusCode).toBe(201);
    return made.json().token as string;
  };
  const owners = await keysOf('/v1/packing/bulkdata?pageSize=100', 'user');
  expect(await keysOf('/v1/packing/bulkdata?pageSize=100', await tokenOf('user-b'))).toEqual(owners);
  const others = await keysOf('/v1/packing/bulkdata?pageSize=100', await tokenOf('user2'));
  expect(others.filter((key) => owners.includes(key))).toEqual([]);
});

it('the home of a colleague shows the company’s figures', async () => {
  const figures = async (as: DemoName) => {
    const { notice: _own, ...company } = (await get('/v1/user/statistics/shipment', as)).json();
    return company;
  };
  expect(await figures('user-b')).toEqual(await figures('user'));
  expect(await figures('user2')).not.toEqual(await figures('user'));
});

it('a PO is the company’s: a colleague’s cartons may not overlap the owner’s, another company’s PO stays unknown', async () => {
  await createLine(t, token.user, { poNo: 'PO-CO2', cartonFrom: 1, cartonTo: 10 });
  const clash = await t.call('POST', '/v1/packing/multi/bulkdata', {
    token: token['user-b'],
    body: lineInput({ poNo: 'PO-CO2', cartonFrom: 5, cartonTo: 12 }),
  });
  expect([clash.statusCode, clash.json().errorMessage]).toEqual([422, expect.stringContaining('PO-CO2')]);
  expect((await createLine(t, token.user2, { poNo: 'PO-CO2', cartonFrom: 5, cartonTo: 12 })).poNo).toBe('PO-CO2');
});

it('the current user names their company: the same for colleagues, none for staff', async () => {
  const companyOf = async (as: DemoName) => {
    const { company, isManager } = (await get('/v1/users/current', as)).json();
    return { company, isManager };
  };
  const own = { key: expect.stringMatching(/^CO\d{8}$/), name: '华东服饰有限公司', shortCode: expect.stringMatching(/^C\d{5}$/) };
  expect(await companyOf('user')).toEqual({ company: own, isManager: true });
  expect((await companyOf('user-b')).company).toEqual((await companyOf('user')).company);
  expect((await companyOf('user-b')).isManager).toBe(false);
  expect((await companyOf('user2')).company).toMatchObject({ name: '林氏鞋业有限公司' });
  expect(await companyOf('clerk')).toEqual({ company: null, isManager: false });
});

it('tells every colleague what concerns the company’s records, and another company nothing', async () => {
  const { plan } = await confirmedPlan(t, token.user, token.clerk, await putPrice(t, token.clerk));
  const titles = async (as: DemoName) =>
    ((await get('/v1/notices?pageSize=100', as)).json().data as { title: string }[]).map((notice) => notice.title);
  const told = `订舱计划 ${plan.key} 已确认`;
  expect(await titles('user')).toContain(told);
  expect(await titles('user-b')).toContain(told);
  expect(await titles('user2')).not.toContain(told);
});

describe('members', () => {
  const membersOf = async (as: DemoName) => (await get('/v1/company/members', as)).json().data as { id: string; name: string }[];

  it('a member lists the company’s members, the manager first; another company’s are not among them', async () => {
    expect((await membersOf('user')).map((member) => member.name)).toEqual(['user', 'user-b']);
    expect(await membersOf('user-b')).toEqual(await membersOf('user'));
    expect((await membersOf('user2')).map((member) => member.name)).toEqual(['user2']);
    expect((await get('/v1/company/members', 'clerk')).statusCode).toBe(403);
  });

  it('only the manager removes, never themselves nor another company’s; the removed stop at once, tokens too', async () => {
    const [manager, colleague] = await membersOf('user');
    const [other] = await membersOf('user2');
    const remove = (as: DemoName | string, id: string) =>
      t.call('DELETE', `/v1/company/members/${id}`, { token: as in token ? token[as as DemoName] : as });
    const refused = async (as: DemoName, id: string) => {
      const response = await remove(as, id);
      return [response.statusCode, response.json().errorMessage];
    };
    expect(await refused('user-b', manager.id)).toEqual([403, '只有公司管理员可以移除成员']);
    expect(await refused('user', manager.id)).toEqual([422, '不能移除自己；如需交接，请先请其他成员成为管理员']);
    expect(await refused('user', other.id)).toEqual([404, '成员不存在']);
    expect(await refused('user', 'abc')).toEqual([404, '成员不存在']);
    const apiToken = (
      await t.call('POST', '/v1/tokens', { token: token['user-b'], body: { name: 'ERP', scope: 'read', expiresInDays: 30 } })
    ).json().token as string;
    expect((await get('/v1/packing/bulkdata?pageSize=1', apiToken)).statusCode).toBe(200);
    expect(await refused('user', colleague.id)).toEqual([200, undefined]);
    expect((await get('/v1/users/current', 'user-b')).statusCode).toBe(401);
    expect((await get('/v1/packing/bulkdata?pageSize=1', apiToken)).statusCode).toBe(401);
    expect((await membersOf('user')).find((member) => member.id === colleague.id)).toMatchObject({ status: 'disabled' });
    // The company's records stay the company's.
    expect((await get('/v1/packing/bulkdata?pageSize=1', 'user')).json().total).toBeGreaterThan(0);
  });
});
