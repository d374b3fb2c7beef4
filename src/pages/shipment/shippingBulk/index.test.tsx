import { queryCompareSummary } from '@/services/compare';
import { queryUsers } from '@/services/user';
import { AppProviders, createApp, history } from '@/testing/umi';
import type { CompareSummary } from '@contract/compare/schema';
import { act, fireEvent, render, screen } from '@testing-library/react';
import ShippingComparePage from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/compare', () => ({ queryCompareSummary: jest.fn(), downloadCompare: jest.fn() }));
jest.mock('@/services/user', () => ({ queryUsers: jest.fn(async () => ({ data: [], total: 0 })) }));

const mocked = <T extends (...args: any[]) => any>(fn: T) => fn as unknown as jest.MockedFunction<T>;

const figures = { packedCartons: 6, packedQty: 60, shippedCartons: 5, shippedQty: 50 };
const summary: CompareSummary = {
  totals: { ...figures, poCount: 1, differingPoCount: 1, lineCount: 2 },
  rows: [{ poNo: 'PO-1', lineCount: 2, ...figures }],
};

/** An answer the test hands over when it says so. */
function held() {
  let answer: (value: CompareSummary) => void = () => undefined;
  mocked(queryCompareSummary).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
  return (value: CompareSummary) => act(async () => answer(value));
}

const searchButton = () => screen.getByRole('button', { name: /查\s*询/ });

test('the first answer shows in the table loading, the 查询 button only for a search asked for', async () => {
  history.replace('/shipment/shippingBulk');
  const first = held();
  render(
    <AppProviders store={createApp([])}>
      <ShippingComparePage />
    </AppProviders>,
  );
  await act(async () => undefined);
  expect(queryUsers).toHaveBeenCalled();
  expect(document.querySelector('.ant-spin-spinning')).toBeInTheDocument();
  expect(searchButton()).not.toHaveClass('ant-btn-loading');

  await first(summary);
  expect(screen.getByText('PO-1')).toBeInTheDocument();
  expect(document.querySelector('.ant-spin-spinning')).not.toBeInTheDocument();

  const next = held();
  fireEvent.click(searchButton());
  await act(async () => undefined);
  expect(searchButton()).toHaveClass('ant-btn-loading');
  await next(summary);
  expect(searchButton()).not.toHaveClass('ant-btn-loading');
});
