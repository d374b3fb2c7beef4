// dva-core's build expects a global regeneratorRuntime.
import 'regenerator-runtime/runtime';
import LookupsModel from '@/models/lookups';
import * as lookups from '@/services/lookup';
import * as packing from '@/services/packing';
import { AppProviders, createApp, history } from '@/testing/umi';
import { formatDateTime } from '@/utils/date';
import type { BulkAuditEntry, BulkLine } from '@contract/packing/schema';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fieldChanges } from './changes';
import PackingDetailPage from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/packing', () => ({ queryBulkLine: jest.fn(), queryBulkHistory: jest.fn() }));
jest.mock('@/services/lookup', () => ({ queryFactories: jest.fn(), querySizeGroups: jest.fn() }));
jest.mock('@/services/inspection', () => ({
  queryInspections: jest.fn().mockResolvedValue({ data: [], total: 0, success: true, current: 1, pageSize: 50 }),
}));

jest.setTimeout(20000);

const mocked = <T extends (...args: any[]) => any>(fn: T) => fn as unknown as jest.MockedFunction<T>;

const line: BulkLine = {
  key: 'BD000004',
  type: 'multi',
  odgItemNo: 'ODG240002',
  poNo: '4500123460',
  styleNo: 'RN-880',
  colour: 'BLACK/WHITE',
  factoryCode: 'F02',
  sizeGroup: 'SHOE-EU',
  sizeBreakdown: { '42': 3, '40': 2, '41': 3 },
  packType: 'SCAS',
  cartonFrom: 1,
  cartonTo: 120,
  cartonCount: 120,
  qtyPerCarton: 8,
  totalQty: 960,
  nwPerCtn: 7.25,
  gwPerCtn: 8.1,
  totalNw: 870,
  totalGw: 972,
  ctnL: 55,
  ctnW: 38,
  ctnH: 27,
  cbm: 6.772,
  destination: 'Hamburg',
  exFactoryDate: '2025-03-18',
  status: 'allocated',
  inspectionResult: 'pass',
  planKey: 'OSB-2025-0012',
  containerKey: null,
  owner: '1',
  version: 3,
  createdAt: '2025-01-02T08:00:00.000Z',
  updatedAt: '2025-01-05T09:30:00.000Z',
};

const entries: BulkAuditEntry[] = [
  {
    id: 'H3',
    at: '2025-01-05T09:30:00.000Z',
    action: 'update',
    actor: '1',
    actorName: '王小明',
    before: { ...line, ctnH: 26, destination: 'Bremen', version: 2 },
    after: line,
  },
  {
    id: 'H2',
    at: '2025-01-04T09:30:00.000Z',
    action: 'split',
    actor: '3',
    actorName: '张单证',
    before: { ...line, cartonTo: 150, cartonCount: 150 },
    after: line,
    relatedKeys: ['BD000009'],
  },
  { id: 'H1', at: '2025-01-02T08:00:00.000Z', action: 'import', actor: '1', actorName: '王小明', before: null, after: line },
];

function renderAt(key: string) {
  const store = createApp([LookupsModel as any]);
  history.push(`/shipment/packing/${key}`);
  return render(
    <AppProviders store={store}>
      <Routes>
        <Route path="/shipment/packing/:id" element={<PackingDetailPage />} />
      </Routes>
    </AppProviders>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  mocked(lookups.queryFactories).mockResolvedValue([]);
  mocked(lookups.querySizeGroups).mockResolvedValue([{ code: 'SHOE-EU', name: '鞋欧码', sizes: ['39', '40', '41', '42'] }]);
});

test('shows the line, its size breakdown in size order with totals, its inspection state and history', async () => {
  mocked(packing.queryBulkLine).mockResolvedValue(line);
  mocked(packing.queryBulkHistory).mockResolvedValue(entries);
  renderAt('BD000004');

  expect(await screen.findByText('装箱明细 BD000004')).toBeInTheDocument();
  expect(packing.queryBulkLine).toHaveBeenCalledWith('BD000004');
  expect(screen.getByText('55 × 38 × 27')).toBeInTheDocument();
  expect(screen.getByText('6.772')).toBeInTheDocument();

  const sizeCard = screen.getByText('尺码配比').closest('.ant-card') as HTMLElement;
  const rows = within(sizeCard)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['40', '2', '240'],
    ['41', '3', '360'],
    ['42', '3', '360'],
    ['合计', '8', '960'],
  ]);

  const inspection = screen.getByText('验针与配柜').closest('.ant-card') as HTMLElement;
  expect(within(inspection).getByText('已配柜')).toBeInTheDocument();
  expect(within(inspection).getByText('合格')).toBeInTheDocument();
  expect(within(inspection).getByText('OSB-2025-0012')).toBeInTheDocument();

  const historyCard = screen.getByText('变更记录').closest('.ant-card') as HTMLElement;
  expect(within(historyCard).getByText('外箱高(cm)：26 → 27')).toBeInTheDocument();
  expect(within(historyCard).getByText('目的地：Bremen → Hamburg')).toBeInTheDocument();
  expect(within(historyCard).getByText(/拆分（关联明细 BD000009）/)).toBeInTheDocument();
  expect(within(historyCard).getByText('箱数：150 → 120')).toBeInTheDocument();
  // Shown in the browser's time zone, with the weekday.
  expect(within(historyCard).getByText(formatDateTime('2025-01-02T08:00:00.000Z'))).toBeInTheDocument();
  expect(formatDateTime('2025-01-02T08:00:00.000Z')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 星期.$/);
  expect(screen.getAllByRole('link', { name: /返回装箱单/ })[0]).toHaveAttribute('href', '/shipment/packing');
});

test('a missing line (or another customer’s) shows a not-found result with the way back', async () => {
  mocked(packing.queryBulkLine).mockRejectedValue({
    data: { success: false, errorCode: 'NOT_FOUND', errorMessage: '记录不存在' },
  });
  renderAt('BD999999');
  expect(await screen.findByText('装箱明细不存在')).toBeInTheDocument();
  expect(packing.queryBulkHistory).not.toHaveBeenCalled();
  expect(screen.getByRole('link', { name: /返回装箱单/ })).toHaveAttribute('href', '/shipment/packing');
});

test('a call that failed otherwise offers 重试, which asks again', async () => {
  mocked(packing.queryBulkLine).mockResolvedValueOnce(undefined).mockResolvedValue(line);
  mocked(packing.queryBulkHistory).mockResolvedValue([]);
  renderAt(line.key);
  expect(await screen.findByText('装箱明细加载失败')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
  expect(await screen.findByText(line.poNo)).toBeInTheDocument();
  expect(packing.queryBulkLine).toHaveBeenCalledTimes(2);
});

describe('fieldChanges', () => {
  test('lists changed fields with labels and readable values, leaving out bookkeeping', () => {
    const changes = fieldChanges({
      before: { status: 'pendingInspection', packType: 'SCSS', sizeBreakdown: { M: 4 }, version: 1, updatedAt: 'a' },
      after: { status: 'pendingConsolidation', packType: 'SCAS', sizeBreakdown: { M: 4, L: 2 }, version: 2, updatedAt: 'b' },
    });
    expect(changes.map((c) => `${c.label}：${c.before} → ${c.after}`)).toEqual([
      '尺码配比：M:4 → M:4;L:2',
      '装箱方式：单色单码 → 单色混码',
      '状态：待验针 → 待拼柜',
    ]);
  });

  test('a breakdown in another key order is no change; a create or delete lists none', () => {
    expect(fieldChanges({ before: { sizeBreakdown: { S: 1, M: 2 } }, after: { sizeBreakdown: { M: 2, S: 1 } } })).toEqual([]);
    expect(fieldChanges({ before: null, after: line })).toEqual([]);
  });

  test('a value that appears or goes away shows as —', () => {
    expect(fieldChanges({ before: { inspectionResult: null }, after: { inspectionResult: 'fail' } })).toEqual([
      { field: 'inspectionResult', label: '验针结果', before: '—', after: '不合格' },
    ]);
  });
});
