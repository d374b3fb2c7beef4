import { exportList } from '@/services/exports';
import { saveFile } from '@/utils/saveFile';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import ExportButton from './index';

jest.mock('@/services/exports', () => ({ exportList: jest.fn() }));
jest.mock('@/utils/saveFile', () => ({ saveFile: jest.fn() }));

const route = { method: 'GET', path: '/v1/osbplan/export' } as const;

test('exports the list under its filters, saves the file and says so', async () => {
  const success = jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  const blob = new Blob(['x']);
  jest.mocked(exportList).mockResolvedValue({ blob, fileName: '订舱计划-20261126-1504.xlsx' });
  render(<ExportButton route={route} query={{ status: 'CONFIRMED', sorter: 'etd:ascend' }} />);
  fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
  await waitFor(() => expect(success).toHaveBeenCalledWith('已导出 订舱计划-20261126-1504.xlsx'));
  expect(exportList).toHaveBeenCalledWith(route, { status: 'CONFIRMED', sorter: 'etd:ascend' });
  expect(saveFile).toHaveBeenCalledWith(blob, '订舱计划-20261126-1504.xlsx');
});

test('a refusal leaves nothing saved and the button usable again', async () => {
  jest.mocked(saveFile).mockClear();
  jest.mocked(exportList).mockRejectedValue({ response: { status: 422 } });
  render(<ExportButton route={route} query={{}} />);
  const button = screen.getByRole('button', { name: /导\s*出/ });
  fireEvent.click(button);
  await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
  expect(saveFile).not.toHaveBeenCalled();
});
