import { searchNumbers } from '@/services/search';
import { history } from '@/testing/umi';
import { act, fireEvent, render, screen } from '@testing-library/react';
import HeaderSearch from './index';

jest.mock('umi', () => require('@/testing/umi'));
// The box is loaded on first use: antd's AutoComplete takes a while to load under jsdom.
jest.setTimeout(30_000);
const loaded = { timeout: 15_000 };
jest.mock('@/services/search', () => ({ searchNumbers: jest.fn() }));
const search = searchNumbers as jest.MockedFunction<typeof searchNumbers>;

beforeEach(() => {
  search.mockReset();
  history.replace('/shipment');
});

test('`/` outside a field opens the box; inside a field it is a character', async () => {
  render(
    <>
      <input aria-label="别的输入框" />
      <HeaderSearch />
    </>,
  );
  const other = screen.getByRole('textbox', { name: '别的输入框' });
  fireEvent.keyDown(other, { key: '/' });
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  fireEvent.keyDown(document.body, { key: '/' });
  expect(await screen.findByRole('combobox', {}, loaded)).toBeInTheDocument();
});

test('lists what was found by kind, and choosing one opens its page (keys: the browser test)', async () => {
  search.mockResolvedValue({
    q: 'maeu01',
    groups: [
      {
        kind: 'bol',
        label: '提单',
        items: [{ title: 'MAEU01010001', description: 'EVER ACE 3 · USLAX', status: '已签发', path: '/shipment/multi/bol/BL1' }],
      },
    ],
  });
  render(<HeaderSearch />);
  fireEvent.click(screen.getByRole('button', { name: '搜索编号' }));
  const box = await screen.findByRole('combobox', {}, loaded);
  jest.useFakeTimers();
  fireEvent.change(box, { target: { value: 'maeu01' } });
  await act(async () => {
    jest.advanceTimersByTime(200);
  });
  jest.useRealTimers();
  expect(search).toHaveBeenCalledWith('maeu01');
  expect(await screen.findByText('MAEU01010001')).toBeInTheDocument();
  expect(screen.getByText('已签发')).toBeInTheDocument();
  fireEvent.click(screen.getByText('MAEU01010001'));
  expect(history.location.pathname).toBe('/shipment/multi/bol/BL1');
});
