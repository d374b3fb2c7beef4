import { act, fireEvent, render, screen } from '@testing-library/react';
import ScanField from '.';

it('takes a scanner’s keys typed on no field, scans on Enter and says what became of it', async () => {
  const onScan = jest.fn(async (code: string) => ({
    ok: code.endsWith('1'),
    text: code.endsWith('1') ? '已打开' : '校验位错误',
  }));
  render(
    <>
      <button type="button">elsewhere</button>
      <ScanField label="扫描箱码" onScan={onScan} />
    </>,
  );
  const field = screen.getByLabelText('扫描箱码');
  screen.getByText('elsewhere').focus();
  fireEvent.keyDown(document.activeElement ?? document.body, { key: '3' });
  expect(document.activeElement).toBe(field);

  fireEvent.change(field, { target: { value: ' 306141411234567891 ' } });
  await act(async () => {
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(field, { key: 'Enter', keyCode: 13 });
  });
  expect(onScan).toHaveBeenCalledWith('306141411234567891');
  expect(screen.getByRole('status')).toHaveTextContent('已打开');
  expect(field).toHaveValue('');

  fireEvent.change(field, { target: { value: '306141411234567897' } });
  await act(async () => {
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(field, { key: 'Enter', keyCode: 13 });
  });
  expect(onScan).toHaveBeenLastCalledWith('306141411234567897');
  expect(screen.getByRole('status')).toHaveTextContent('校验位错误');
});

it('leaves the keys to a dialog while paused', () => {
  render(
    <>
      <button type="button">in the dialog</button>
      <ScanField label="扫描箱码" onScan={jest.fn()} paused />
    </>,
  );
  screen.getByText('in the dialog').focus();
  fireEvent.keyDown(document.activeElement ?? document.body, { key: '3' });
  expect(document.activeElement).toBe(screen.getByText('in the dialog'));
});
