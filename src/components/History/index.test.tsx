import { queryHistory } from '@/services/history';
import type { HistoryEntry } from '@contract/history/codes';
import { fireEvent, render, screen } from '@testing-library/react';
import { HistoryTimeline } from './index';

jest.mock('@/services/history', () => ({ queryHistory: jest.fn() }));
const query = queryHistory as jest.MockedFunction<typeof queryHistory>;

const entry = (n: number, changes: HistoryEntry['changes'] = []): HistoryEntry => ({
  id: String(n),
  at: '2026-11-26T01:00:00.000Z',
  action: '修改',
  actorName: `员工${n}`,
  changes,
  relatedKeys: [],
});
const page = (data: HistoryEntry[], total: number, current: number) =>
  ({ data, total, current, pageSize: 20, success: true }) as const;

afterEach(() => query.mockReset());

test('shows who changed what, from → to, and reads the next page on demand', async () => {
  query.mockResolvedValueOnce(
    page(
      [
        entry(1, [{ field: 'etd', label: '开船日期', before: '2027-01-05', after: '2027-01-08' }]),
        ...Array.from({ length: 19 }, (_, i) => entry(i + 2)),
      ],
      21,
      1,
    ),
  );
  render(<HistoryTimeline entity="plan" entityKey="OP1" />);
  expect(await screen.findByText('员工1')).toBeInTheDocument();
  expect(screen.getByText((_, node) => node?.textContent === '开船日期：2027-01-05 → 2027-01-08')).toBeInTheDocument();
  expect(query).toHaveBeenCalledWith('plan', 'OP1', { current: 1, pageSize: 20 });

  query.mockResolvedValueOnce(page([entry(21)], 21, 2));
  fireEvent.click(screen.getByRole('button', { name: /加载更多/ }));
  expect(await screen.findByText('员工21')).toBeInTheDocument();
  expect(query).toHaveBeenLastCalledWith('plan', 'OP1', { current: 2, pageSize: 20 });
  expect(screen.queryByRole('button', { name: /加载更多/ })).not.toBeInTheDocument();
});

test('cuts a long value, whole on 展开', async () => {
  const long = '很长的备注'.repeat(20);
  query.mockResolvedValueOnce(page([entry(1, [{ field: 'remark', label: '备注', before: '—', after: long }])], 1, 1));
  render(<HistoryTimeline entity="plan" entityKey="OP1" />);
  await screen.findByText('员工1');
  expect(screen.queryByText(long, { exact: false })).not.toBeInTheDocument();
  fireEvent.click(screen.getByText('展开'));
  expect(screen.getByText(long, { exact: false })).toBeInTheDocument();
});

test('says when there is nothing yet', async () => {
  query.mockResolvedValueOnce(page([], 0, 1));
  render(<HistoryTimeline entity="bol" entityKey="BL1" />);
  expect(await screen.findByText('暂无变更记录')).toBeInTheDocument();
});
