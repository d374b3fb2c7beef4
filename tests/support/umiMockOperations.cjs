/**
 * A working day that calls every operation of the API with a success, as the role that does it, on the demo rows
 * (reads first, then changes, removals last). Two players run it: tests/support/umiMock.cjs through the mock, which
 * holds each answer to its response schema, and tests/support/apiExamples.mjs through the real server, whose
 * requests and answers become the API document's examples. `call(op, account, { params, query, body, files })`
 * answers `{ status, body }`; `secrets` gives what only the player knows: an SMS code, a mailed link's token, a
 * callback address that answers.
 */
const ExcelJS = require('exceljs');

/** A one-sheet xlsx of `rows`, as a person's upload. */
exports.xlsx = async (rows) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  rows.forEach((row) => sheet.addRow(row));
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
/** The header row of a downloaded template. */
exports.firstRow = async (buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer);
  return workbook.worksheets[0].getRow(1).values.slice(1);
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Delete a line → gone from the queue; pass an inspection → packing says so; load a box → draft its B/L. */
exports.chain = async ({ call, must, list }) => {
  const steps = {};
  const waiting = await list('GET /v1/packing/bulkdata', 'user', { status: 'pendingInspection' });
  const [doomed, inspected] = [waiting[0], waiting.find((line) => line.poNo !== waiting[0].poNo)];
  await must('DELETE /v1/packing/bulkdata/', 'user', {
    query: { keys: doomed.key, versions: String(doomed.version) },
  });
  const queue = await list('GET /v1/inspection/queue', 'inspector');
  steps.deletedLeftQueue = !queue.some((group) => group.lines.some((line) => line.key === doomed.key));

  await must('POST /v1/inspection/calibration', 'inspector', { body: { detectorId: 'MD-09', sensitivityFeMm: 1.0 } });
  const record = await must('POST /v1/inspection', 'inspector', {
    body: {
      lineKeys: [inspected.key],
      versions: { [inspected.key]: inspected.version },
      mode: 'full',
      detectorId: 'MD-09',
      inspectedQty: inspected.totalQty,
      passedQty: inspected.totalQty,
      alarmQty: 0,
      result: 'pass',
    },
  });
  const detail = await must('GET /v1/packing/bulkdata/:key', 'user', { params: { key: inspected.key } });
  steps.passedShowsOnPacking = detail.status === 'pendingConsolidation' && detail.inspectionResult === 'pass';

  // A confirmed plan with room for a box, and a waiting line its port of discharge takes.
  const plans = await list('GET /v1/osbplan', 'user', { status: 'CONFIRMED' });
  const goods = await list('GET /v1/packing/bulkdata', 'user', { status: 'pendingConsolidation', type: 'multi' });
  let box;
  for (const plan of plans) {
    const held = (await list('GET /v1/osbContainer', 'user', { planKey: plan.key })).length;
    if (held >= plan.quantity) continue;
    const candidate = await must('POST /v1/osbplan/:planKey/container', 'user', { params: { planKey: plan.key }, body: {} });
    for (const line of goods) {
      const body = { keys: [line.key], versions: { [line.key]: line.version }, containerKey: candidate.key };
      if ((await call('PATCH /v1/bulkslist', 'user', { body })).status < 300) {
        box = candidate;
        break;
      }
    }
    if (box) break;
  }
  steps.loaded = Boolean(box);
  const bol = await call('POST /v1/bol', 'clerk', { body: { containerKeys: box ? [box.key] : [] } });
  steps.bolDrafted = bol.status === 201 && bol.body.status === 'DRAFT';
  steps.bolKey = bol.body.key;
  steps.inspectionKey = record.key;
  return steps;
};

exports.everyOperation = async ({ call, must, list, xlsx, firstRow, fileOf, steps, secrets }) => {
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const inDays = (days) => new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);

  // ——— the system, sign-in and the account ———
  await must('GET /v1/health', null);
  await must('GET /v1/health/live', null);
  await must('GET /v1/docs/ui', null);
  await must('GET /v1/docs/ui/:file', null, { params: { file: 'init.js' } });
  await must('GET /v1/docs/integration', null);
  await must('GET /v1/download/userGuide', null);
  await must('POST /v1/auth/login', null, { body: { type: 'account', userName: 'user', password: 'shipdesk123' } });
  await must('POST /v1/auth/captcha', null, { body: { mobile: '13900000009' } });
  await must('POST /v1/auth/forgot', null, { body: { name: 'user' } });
  // The demo password again, so that the account signs in as before.
  const resetToken = await secrets.mailedToken('user@shipdesk.local', 'reset');
  await must('POST /v1/auth/reset', null, { body: { token: resetToken, password: 'shipdesk123' } });
  await must('GET /v1/users/current', 'user');
  await must('GET /v1/users', 'clerk', { query: { current: '1', pageSize: '20' } });
  await must('GET /v1/users/:idOrName', 'clerk', { params: { idOrName: 'user' } });
  await must('PATCH /v1/users/:idOrName', 'user', { params: { idOrName: 'user' }, body: { config: { 'bulk.pageSize': 50 } } });
  await must('POST /v1/users/current/password', 'user', { body: { oldPassword: 'shipdesk123', password: 'shipdesk123' } });
  await must('DELETE /v1/users/current/sessions', 'user');
  const apiToken = await must('POST /v1/tokens', 'user', { body: { name: 'ERP 同步', scope: 'read', expiresInDays: 30 } });
  await must('GET /v1/tokens', 'user');
  await must('DELETE /v1/tokens/:id', 'user', { params: { id: apiToken.id } });
  const hookBody = { name: 'ERP 回调', callbackUrl: secrets.callbackUrl, eventTypes: ['plan.confirmed'] };
  const hook = await must('POST /v1/webhooks', 'user', { body: hookBody });
  await must('GET /v1/webhooks', 'user');
  await must('GET /v1/webhooks/:key', 'user', { params: { key: hook.key } });
  await must('PUT /v1/webhooks/:key', 'user', {
    params: { key: hook.key },
    body: { ...hookBody, planKeys: [], active: false, version: hook.version },
  });
  await must('POST /v1/webhooks/:key/ping', 'user', { params: { key: hook.key } });
  await must('GET /v1/webhooks/:key/deliveries', 'user', { params: { key: hook.key }, query: { current: '1', pageSize: '20' } });
  await must('DELETE /v1/webhooks/:key', 'user', { params: { key: hook.key }, body: { version: hook.version + 1 } });
  // The clerk's 变更待审核 by mail: the change asked below mails it, with its unsubscribe link.
  await must('PATCH /v1/users/:idOrName', 'clerk', {
    params: { idOrName: 'clerk' },
    body: { mailPreferences: { todos: { changeToDecide: true }, delivery: 'each', digestMinutes: 30 } },
  });
  await must('GET /v1/user/statistics/shipment', 'user');
  const notices = await list('GET /v1/notices', 'user');
  await must('PATCH /v1/notices', 'user', { body: { ids: [notices[0].id], read: true } });
  await must('DELETE /v1/notices', 'user', { query: { type: 'event' } });

  // ——— lookups, settings, prices ———
  await must('GET /v1/factories', 'user');
  await must('GET /v1/sizeGroup', 'user');
  await must('GET /v1/gbs/getOrderList/:odg_item_no', 'user', { params: { odg_item_no: 'ODG' } });
  const [order] = await must('GET /v1/gbs/getOrderList/:odg_item_no', 'user', { params: { odg_item_no: 'ODG' } });
  await must('GET /v1/gbs/getOrderInfo/:id', 'user', { params: { id: order.id } });
  await must('GET /v1/osbFactory', 'user');
  const settings = await list('GET /v1/setting', 'clerk');
  const setting = await must('GET /v1/setting/:key', 'clerk', { params: { key: settings[0].key } });
  await must('PUT /v1/setting/:key', 'clerk', {
    params: { key: setting.key },
    body: { value: setting.value, version: setting.version },
  });
  const month = await must('GET /v1/osbPrice', 'user', {
    query: { pol: 'CNSHA', pod: 'USLAX', containerType: '40HQ', month: today.slice(0, 7) },
  });
  const { key: _key, version, updatedAt: _at, ...price } = month.data[0];
  await must('PUT /v1/osbPrice', 'clerk', { body: { prices: [{ ...price, version, amount: price.amount + 10 }] } });
  const priceTemplate = await must('GET /v1/osbPrice/template', 'clerk');
  await must('POST /v1/osbPrice/import', 'clerk', { files: fileOf('prices.xlsx', priceTemplate) });

  // ——— packing ———
  const lines = await list('GET /v1/packing/bulkdata', 'user');
  const line = await must('GET /v1/packing/bulkdata/:key', 'user', { params: { key: lines[0].key } });
  await must('GET /v1/packing/bulkdata/:key/history', 'user', { params: { key: line.key } });
  await must('GET /v1/packing/bulkdata/export', 'user', { query: { poNo: line.poNo } });
  const sheet = await must('GET /v1/stickers', 'user', { query: { poNo: line.poNo } });
  await must('GET /v1/cartons/:sscc', 'user', { params: { sscc: sheet.stickers[0].ssccText } });
  await must('GET /v1/search', 'user', { query: { q: line.poNo.slice(0, 4) } });
  await must('GET /v1/stickers/pdf', 'user', { query: { keys: line.key } });
  const bulkTemplate = await must('GET /v1/packing/bulkdata/template', 'user');
  const cells = {
    ODG货号: 'ODG240006',
    PO号: 'PO-UMI',
    款号: 'ST-1',
    颜色: 'NAVY',
    工厂: 'F01',
    尺码组: 'APP-INT',
    尺码配比: 'S:2;M:4',
    装箱方式: '单色混码',
    起始箱号: 1,
    结束箱号: 5,
    '净重/箱(kg)': 5.5,
    '毛重/箱(kg)': 6.25,
    '外箱长(cm)': 55,
    '外箱宽(cm)': 38,
    '外箱高(cm)': 27,
    目的地: 'Los Angeles',
    出厂日: inDays(30),
  };
  const header = await firstRow(bulkTemplate);
  await must('POST /v1/packing/:type/bulkdata/import', 'user', {
    params: { type: 'multi' },
    files: fileOf('lines.xlsx', await xlsx([header, header.map((name) => cells[name] ?? '')])),
  });
  const fields = {
    odgItemNo: 'ODG240006',
    poNo: 'PO-UMI',
    styleNo: 'ST-1',
    colour: 'NAVY',
    factoryCode: 'F01',
    sizeGroup: 'APP-INT',
    sizeBreakdown: { S: 2, M: 4 },
    packType: 'SCAS',
    nwPerCtn: 5.5,
    gwPerCtn: 6.25,
    ctnL: 55,
    ctnW: 38,
    ctnH: 27,
    destination: 'Los Angeles',
    exFactoryDate: inDays(30),
  };
  const created = await must('POST /v1/packing/:type/bulkdata', 'user', {
    params: { type: 'multi' },
    body: { ...fields, cartonFrom: 11, cartonTo: 20 },
  });
  const updated = await must('PUT /v1/packing/:type/bulkdata/:key', 'user', {
    params: { type: 'multi', key: created.key },
    body: { ...fields, cartonFrom: 11, cartonTo: 20, colour: 'BLACK', version: created.version },
  });
  const [kept, cut] = await must('PUT /v1/packing/:type/bulkdata/:key/seperate', 'user', {
    params: { type: 'multi', key: updated.key },
    body: { cartons: 4, version: updated.version },
  });
  const merged = await must('POST /v1/packing/bulkdata/mergeOne', 'user', {
    body: { keys: [kept.key, cut.key], versions: { [kept.key]: kept.version, [cut.key]: cut.version } },
  });
  const changed = await must('PATCH /v1/packing/:type/bulkdata/', 'user', {
    params: { type: 'multi' },
    body: { keys: [merged.key], versions: { [merged.key]: merged.version }, changes: { factoryCode: 'F02' } },
  });
  const spare = await must('POST /v1/packing/:type/bulkdata', 'user', {
    params: { type: 'multi' },
    body: { ...fields, cartonFrom: 31, cartonTo: 32 },
  });
  await must('DELETE /v1/packing/:type/bulkdata/:key', 'user', {
    params: { type: 'multi', key: changed[0].key },
    body: { version: changed[0].version },
  });
  await must('DELETE /v1/packing/:type/bulkdata/', 'user', {
    params: { type: 'multi' },
    query: { keys: spare.key, versions: String(spare.version) },
  });

  // ——— inspection ———
  await must('GET /v1/inspection/calibration', 'inspector');
  await list('GET /v1/inspection', 'inspector');
  await must('GET /v1/inspection/export', 'inspector', { query: { result: 'pass' } });
  const record = await must('GET /v1/inspection/:key', 'inspector', { params: { key: steps.inspectionKey } });
  await must('PUT /v1/inspection/:key', 'inspector', {
    params: { key: record.key },
    body: { remark: '复核无误', version: record.version },
  });

  // ——— booking: plans, changes, orders, boxes ———
  const plans = await list('GET /v1/osbplan', 'user');
  await must('GET /v1/osbplan/export', 'user', { query: { status: 'CONFIRMED' } });
  await must('GET /v1/osbplan/:key', 'user', { params: { key: plans[0].key } });
  await must('GET /v1/history/:entity/:key', 'user', { params: { entity: 'plan', key: plans[0].key } });
  const orders = await list('GET /v1/osbOrder', 'clerk');
  await must('GET /v1/osbOrder/export', 'clerk', { query: { sorter: 'etd:ascend' } });
  await must('GET /v1/osbOrder/:key', 'clerk', { params: { key: orders[0].key } });
  const boxes = await list('GET /v1/osbContainer', 'user');
  await must('GET /v1/osbContainer/export', 'user');
  const held = boxes.find((box) => box.lineCount > 0);
  await must('GET /v1/osbContainer/:key', 'user', { params: { key: held.key } });
  await must('GET /v1/osbContainer/:key/loadList', 'user', { params: { key: held.key } });
  await must('GET /v1/osbContainer/:key/loadPlan', 'user', { params: { key: held.key } });
  await must('GET /v1/osbContainer/:key/freight', 'user', { params: { key: held.key } });
  await must('GET /v1/osbContainer/:key/loadPlan/pdf', 'user', { params: { key: held.key } });
  const withRoom = [];
  for (const plan of await list('GET /v1/osbplan', 'user')) {
    const count = boxes.filter((box) => box.planKey === plan.key).length;
    if (['CONFIRMED', 'LOADING'].includes(plan.status) && count < plan.quantity) withRoom.push(plan);
  }
  const added = await must('POST /v1/osbplan/:planKey/container', 'user', { params: { planKey: withRoom[0].key }, body: {} });
  const sealed = await must('PUT /v1/osbplan/:planKey/container/:key', 'user', {
    params: { planKey: added.planKey, key: added.key },
    body: { sealNo: 'UMI-SEAL', version: added.version },
  });
  await must('DELETE /v1/osbplan/:planKey/container/:key', 'user', {
    params: { planKey: sealed.planKey, key: sealed.key },
    body: { version: sealed.version },
  });
  const pending = (await list('GET /v1/osbChange', 'user')).find((change) => change.status === 'PENDING');
  await must('DELETE /v1/osbplan/:planKey/change/:key', 'user', {
    params: { planKey: pending.planKey, key: pending.key },
    body: { version: pending.version },
  });
  const confirmed = (await list('GET /v1/osbplan', 'user', { status: 'CONFIRMED' }))[0];
  const asked = async () =>
    must('POST /v1/osbplan/:planKey/change', 'user', {
      params: { planKey: confirmed.key },
      body: { changeType: 'quantity', quantity: confirmed.quantity + 1, reason: '追加一柜', version: confirmed.version },
    });
  const first = await asked();
  const unsubscribe = await secrets.unsubscribeToken('clerk@shipdesk.local', 'clerk', 'changeToDecide');
  await must('GET /v1/mail/unsubscribe', null, { query: { token: unsubscribe } });
  await must('POST /v1/mail/unsubscribe', null, { body: { token: unsubscribe } });
  await must('PATCH /v1/osbplan/:planKey/change/:key', 'clerk', {
    params: { planKey: confirmed.key, key: first.key },
    body: { decision: 'decline', comment: '舱位不足', version: first.version },
  });
  const second = await asked();
  await must('DELETE /v1/osbChange/:key', 'user', { params: { key: second.key }, body: { version: second.version } });
  const draft = (await list('GET /v1/osbplan', 'user', { status: 'DRAFT' }))[0];
  const edited = await must('PUT /v1/osbplan/', 'user', {
    body: { keys: [draft.key], versions: { [draft.key]: draft.version }, changes: { remark: '改期待定' } },
  });
  await must('DELETE /v1/osbplan/:key', 'user', { params: { key: draft.key }, body: { version: edited[0].version } });
  // Next month's last sailing: this month's may be past its 截单, which refuses a plan.
  const nextMonth = new Date(Date.parse(today) + 31 * 86_400_000).toISOString().slice(0, 7);
  const later = await must('GET /v1/osbPrice', 'user', {
    query: { pol: 'CNSHA', pod: 'USLAX', containerType: '40HQ', month: nextMonth },
  });
  const another = await must('POST /v1/osbplan/', 'user', {
    body: { priceKey: later.data.at(-1).key, quantity: 1, osbFactory: 'SH-GARMENT' },
  }).catch(() => undefined);
  const drafts = another ? [another] : await list('GET /v1/osbplan', 'user', { status: 'DRAFT' });
  if (drafts.length) {
    await must('DELETE /v1/osbplan/', 'user', {
      query: { keys: drafts[0].key, versions: String(drafts[0].version) },
    });
  }

  // ——— B/Ls and customs ———
  const bols = await list('GET /v1/bol', 'user');
  await must('GET /v1/bol/export', 'user');
  const waiting = bols.find((bol) => bol.status === 'PENDING_APPROVAL') ?? bols[0];
  await must('GET /v1/bol/:key', 'user', { params: { key: waiting.key } });
  await must('GET /v1/bol/:key/pdf', 'user', { params: { key: waiting.key } });
  const released = bols.find((bol) => bol.status === 'RELEASED') ?? waiting;
  await must('GET /v1/bol/:key/dcsa', 'user', { params: { key: released.key } });
  await must('PATCH /v1/bol/:key/userRemark', 'user', {
    params: { key: waiting.key },
    body: { userRemark: '请核对唛头', version: waiting.version },
  });
  // ——— Track & Trace: the released B/L's timeline, a clerk's milestone, the DCSA events out and in again ———
  const timeline = await must('GET /v1/tnt/timeline/:planKey', 'user', { params: { planKey: released.planKey } });
  await must('POST /v1/tnt/milestones', 'clerk', {
    body: {
      planKey: released.planKey,
      eventType: 'EQUIPMENT',
      code: 'GTIN',
      classifier: 'ACT',
      eventDateTime: new Date(Date.now() - 3_600_000).toISOString(),
      location: timeline.pol,
      equipmentReference: timeline.containers[0],
    },
  });
  const events = await must('GET /v1/tnt/events', 'user', { query: { limit: '5' } });
  await must('POST /v1/tnt/events', 'clerk', { body: events });
  const drafted = await must('GET /v1/bol/:key', 'clerk', { params: { key: steps.bolKey } });
  await must('DELETE /v1/bol/:key', 'clerk', { params: { key: drafted.key }, body: { version: drafted.version } });
  const [declaration] = await list('GET /v1/declaration', 'clerk');
  await must('GET /v1/declaration/export', 'clerk');
  await must('GET /v1/declaration/:key', 'clerk', { params: { key: declaration.key } });
  await must('GET /v1/declaration/:key/elements', 'clerk', { params: { key: declaration.key } });
  await must('POST /v1/declaration/:key/documents/:document', 'clerk', {
    params: { key: declaration.key, document: 'contract' },
    files: [{ fieldname: 'file', originalname: '合同.pdf', mimetype: 'application/pdf', size: PDF.length, buffer: PDF }],
  });
  await must('GET /v1/declaration/:key/documents/:document', 'clerk', {
    params: { key: declaration.key, document: 'contract' },
  });
  // A waiting line loaded into a new box of a plan whose port takes it, and one of its cartons scanned in.
  const waitingMulti = await list('GET /v1/packing/bulkdata', 'user', { status: 'pendingConsolidation', type: 'multi' });
  let scannedBox;
  for (const plan of withRoom) {
    const box = await must('POST /v1/osbplan/:planKey/container', 'user', { params: { planKey: plan.key }, body: {} });
    for (const line of waitingMulti) {
      const body = { keys: [line.key], versions: { [line.key]: line.version }, containerKey: box.key };
      if ((await call('PATCH /v1/bulkslist', 'user', { body })).status >= 300) continue;
      const loadedStickers = await must('GET /v1/stickers', 'user', { query: { keys: line.key } });
      scannedBox = await must('POST /v1/osbContainer/:key/scans', 'user', {
        params: { key: box.key },
        body: { sscc: loadedStickers.stickers[0].sscc },
      });
      break;
    }
    if (scannedBox) break;
  }
  await list('GET /v1/shipping/bulkdata', 'clerk');
  await must('GET /v1/shipping/bulkdata/compare/summary', 'clerk');
  await must('GET /v1/shipping/bulkdata/compare', 'clerk');
  await list('GET /v1/osbGoods', 'user');

  // ——— loose cargo and its handover ———
  const single = await list('GET /v1/packing/bulkdata', 'user', { status: 'pendingConsolidation', type: 'single' });
  const sameDestination = single.filter((candidate) => candidate.destination === single[0].destination);
  const loose = await must('POST /v1/looseBooking', 'user', {
    body: {
      versions: Object.fromEntries(sameDestination.map((candidate) => [candidate.key, candidate.version])),
      forwarder: '上海捷运货代',
      cfsCutOff: inDays(14),
    },
  });
  await list('GET /v1/looseBooking', 'user');
  await must('GET /v1/looseBooking/export', 'user');
  const changedLoose = await must('PATCH /v1/looseBooking/:key', 'user', {
    params: { key: loose.key },
    body: { remark: '请安排周三进仓', version: loose.version },
  });
  await must('GET /v1/looseBooking/:key', 'user', { params: { key: loose.key } });
  const confirmedLoose = await must('PATCH /v1/looseBooking/:key', 'clerk', {
    params: { key: loose.key },
    body: { warehouseEntryNo: 'CFS-2026-001', status: 'CONFIRMED', version: changedLoose.version },
  });
  await list('GET /v1/handover', 'clerk');
  await must('GET /v1/handover/export', 'clerk');
  await must('GET /v1/handover/:key', 'clerk', { params: { key: loose.key } });
  await must('PATCH /v1/handover/:key', 'clerk', {
    params: { key: loose.key },
    body: { documents: { packingList: true, invoice: true, entryNotice: false }, version: confirmedLoose.version },
  });
  const looseStickers = await must('GET /v1/stickers', 'user', { query: { keys: sameDestination[0].key } });
  await must('POST /v1/handover/:key/scans', 'clerk', {
    params: { key: loose.key },
    body: { sscc: `00${looseStickers.stickers[0].sscc}` },
  });

  // ——— the company: invitations, its members, and a colleague removed by the manager (late: user-b signs in no more) ———
  await must('POST /v1/company/invitations', 'user', { body: { email: 'newcolleague@huadong.example' } });
  const spareInvitation = await must('POST /v1/company/invitations', 'user', { body: { email: 'spare@huadong.example' } });
  await must('GET /v1/company/invitations', 'user');
  await must('DELETE /v1/company/invitations/:id', 'user', { params: { id: spareInvitation.id } });
  const members = await must('GET /v1/company/members', 'user');
  const colleague = members.data.find((member) => !member.isManager);
  await must('DELETE /v1/company/members/:id', 'user', { params: { id: colleague.id } });

  // ——— the operator's figures, with the metrics secret ———
  await must('GET /metrics', null, { headers: { authorization: `Bearer ${secrets.metricsToken}` } });

  // ——— the staff's 客户公司 filter: the directory, and one company's B/Ls ———
  const companies = await must('GET /v1/companies', 'clerk', { query: { q: '华东' } });
  await must('GET /v1/bol', 'clerk', { query: { ownerCompany: companies.data[0].key } });

  // ——— last: register, sign out ———
  const code = await call('POST /v1/auth/captcha', null, { body: { mobile: '13900000010' } });
  if (code.status < 300) {
    const captcha = await secrets.smsCode('13900000010');
    await must('POST /v1/auth/register', null, {
      body: {
        userName: 'umi_walker',
        realName: '周新',
        email: 'walker@shipdesk.local',
        mobile: '13900000010',
        captcha,
        password: 'Walker123456',
        role: 'user',
      },
    });
    const activation = await secrets.mailedToken('walker@shipdesk.local', 'activate');
    await must('GET /v1/auth/activate', null, { query: { token: activation } });
  }
  const invitation = await secrets.mailedToken('newcolleague@huadong.example', 'register');
  await must('GET /v1/auth/invitation', null, { query: { token: invitation } });
  const invitedCode = await call('POST /v1/auth/captcha', null, { body: { mobile: '13900000011' } });
  if (invitedCode.status < 300) {
    await must('POST /v1/auth/register', null, {
      body: {
        userName: 'huadong_wu',
        realName: '吴晓',
        email: 'newcolleague@huadong.example',
        mobile: '13900000011',
        captcha: await secrets.smsCode('13900000011'),
        password: 'Colleague123456',
        role: 'user',
        invitation,
      },
    });
  }
  // ——— the administrator: accounts, one's sign-ins, disable and enable it, a reset mail ———
  const accounts = await must('GET /v1/admin/accounts', 'admin', { query: { keyword: 'user2' } });
  const user2Account = accounts.data.find((account) => account.name === 'user2');
  const byId = { params: { id: user2Account.id } };
  await must('GET /v1/admin/accounts/:id', 'admin', byId);
  await must('GET /v1/admin/accounts/:id/sign-ins', 'admin', byId);
  const disabled = await must('PATCH /v1/admin/accounts/:id', 'admin', {
    ...byId,
    body: { status: 'disabled', version: user2Account.version },
  });
  await must('PATCH /v1/admin/accounts/:id', 'admin', { ...byId, body: { status: 'active', version: disabled.version } });
  await must('POST /v1/admin/accounts/:id/password-reset', 'admin', byId);

  await must('POST /v1/auth/logout', 'user');
};
