import userModel from '@/models/user';
import { AppProviders, createApp } from '@/testing/umi';
import { act, render, screen } from '@testing-library/react';
import ResourceTable, { FIRST_PAGE_GRACE_MS, type ResourcePage } from './index';

jest.mock('umi', () => require('@/testing/umi'));

interface Row {
  key: string;
}

/** A list call whose answer the test gives when it wants. */
function deferredRequest() {
  let answer: (page: ResourcePage<Row>) => void = () => undefined;
  const request = jest.fn(() => new Promise<ResourcePage<Row>>((resolve) => (answer = resolve)));
  return { request, answer: (page: ResourcePage<Row>) => act(async () => answer(page)) };
}

const firstPage: ResourcePage<Row> = { data: [{ key: 'BL0001' }], total: 1 };
/** How often the table has drawn a cell. */
let cellsDrawn = 0;
beforeEach(() => {
  cellsDrawn = 0;
});

function renderTable(request: () => Promise<ResourcePage<Row>>) {
  render(
    <AppProviders store={createApp([userModel])}>
      <ResourceTable<Row, object>
        listType="testList"
        title="提单"
        rowKey="key"
        columns={[
          {
            title: '提单号',
            dataIndex: 'key',
            key: 'key',
            // Every draw of a cell calls render, not only the first.
            shouldCellUpdate: () => true,
            render: (key: string) => {
              cellsDrawn += 1;
              return key;
            },
          },
        ]}
        request={request}
        filters={{}}
      />
    </AppProviders>,
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a first page answered within the grace is drawn with the table once, never into an empty one', async () => {
  const { request, answer } = deferredRequest();
  renderTable(request);
  expect(document.querySelector('.ant-table')).toBeNull();
  expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();

  await answer(firstPage);
  expect(screen.getByText('BL0001')).toBeInTheDocument();
  // Drawn once: the fixed columns' offsets come from the widths, not from measuring the drawn table.
  expect(cellsDrawn).toBe(1);
  expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  expect(document.querySelector('.ant-spin-blur')).toBeNull();
  expect(request).toHaveBeenCalledTimes(1);

  // The end of the grace, after the page is in, draws nothing again.
  const drawn = cellsDrawn;
  act(() => jest.advanceTimersByTime(FIRST_PAGE_GRACE_MS));
  expect(cellsDrawn).toBe(drawn);
});

test('the page size chooser has a fixed id and a name, so that it is drawn once', async () => {
  const { request, answer } = deferredRequest();
  renderTable(request);
  await answer(firstPage);
  // rc-select gives a select without an id one in an effect: a second change to the page, a frame later.
  expect(screen.getByRole('combobox', { name: '每页条数' })).toHaveAttribute('id', 'testList-page-size');
});

test('a slower first page shows the empty table loading once the grace is over, then its rows', async () => {
  const { request, answer } = deferredRequest();
  renderTable(request);
  act(() => jest.advanceTimersByTime(FIRST_PAGE_GRACE_MS));
  expect(document.querySelector('.ant-table')).not.toBeNull();
  expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();

  await answer(firstPage);
  expect(screen.getByText('BL0001')).toBeInTheDocument();
  expect(document.querySelector('.ant-spin-spinning')).toBeNull();
});
