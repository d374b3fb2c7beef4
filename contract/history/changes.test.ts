import { historyActionText, historyChanges, historyValueText } from './changes';

it('lists the fields a change made, with their labels and their values in words, in the order of the labels', () => {
  const before = {
    key: 'OP1',
    version: 1,
    status: 'SUBMITTED',
    etd: '2027-01-05',
    remark: '',
    updatedAt: '2026-11-25T01:00:00.000Z',
  };
  const after = {
    ...before,
    version: 2,
    status: 'CONFIRMED',
    etd: '2027-01-08',
    remark: null,
    updatedAt: '2026-11-26T01:00:00.000Z',
  };
  expect(historyChanges('plan', before, after)).toEqual([
    { field: 'etd', label: '开船日期', before: '2027-01-05', after: '2027-01-08' },
    { field: 'status', label: '状态', before: '已提交', after: '已确认' },
  ]);
});

it('shows a new row by its values, and the checklists, times and prices of the entities in words', () => {
  const documents = { packingList: true, invoice: false, entryNotice: true };
  expect(historyChanges('looseBooking', null, { status: 'SUBMITTED', documents, handedAt: '2026-11-26T01:05:00.000Z' })).toEqual([
    { field: 'status', label: '状态', before: '—', after: '待确认' },
    { field: 'documents', label: '交接单证', before: '—', after: '装箱单 ✓、发票 ✗、进仓通知 ✓' },
    { field: 'handedAt', label: '交接时间', before: '—', after: '2026-11-26T01:05:00.000Z' },
  ]);
  const price = { priceKey: 'PR1', carrier: 'ONEY', sailingDate: '2027-02-27', amount: 2600, currency: 'USD', fixedAt: 'x' };
  expect(historyChanges('plan', { priceSnapshot: null }, { priceSnapshot: price })).toEqual([
    { field: 'priceSnapshot', label: '锁定运价', before: '—', after: 'USD 2,600 / 柜（ONEY 2027-02-27）' },
  ]);
  expect(historyChanges('handover', { status: 'CONFIRMED' }, { status: 'HANDED_OVER' })[0]).toMatchObject({
    before: '待交接',
  });
});

it('writes values as a clerk reads them', () => {
  expect([null, undefined, ''].map((value) => historyValueText(value))).toEqual(['—', '—', '—']);
  expect([true, false].map((value) => historyValueText(value))).toEqual(['是', '否']);
  expect(historyValueText(['BD1', 'BD2'])).toBe('BD1、BD2');
  expect(historyValueText({ a: 1 })).toBe('{"a":1}');
  expect(historyValueText(12.5)).toBe('12.5');
});

it('names what an entry did', () => {
  expect(historyActionText('scan', {}, {})).toBe('扫描收货');
  expect(historyActionText('update', null, {})).toBe('新建');
  expect(historyActionText(null, {}, null)).toBe('删除');
  expect(historyActionText(null, {}, {})).toBe('修改');
});

it("shows a declaration's goods a row each, with the fields' labels, never as JSON", () => {
  const line = { hsCode: '6203420000', name: 'RN-880', qty: 300, unit: '件', unitPrice: 4.6, totalPrice: 1380 };
  const [change] = historyChanges('declaration', { lines: [] }, { lines: [line, { ...line, hsCode: '6109100021', qty: 10 }] });
  expect(change).toEqual({
    field: 'lines',
    label: '商品',
    before: '—',
    after:
      '商品编号 6203420000 · 商品名称 RN-880 · 数量 300 件 · 单价 4.6 · 总价 1380\n' +
      '商品编号 6109100021 · 商品名称 RN-880 · 数量 10 件 · 单价 4.6 · 总价 1380',
  });
  expect(change.after).not.toContain('{');
});
