import { activate } from '@/services/auth';
import { AppProviders, createApp, history } from '@/testing/umi';
import { render, screen } from '@testing-library/react';
import Activate from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/auth', () => ({ activate: jest.fn() }));

const mockedActivate = activate as jest.MockedFunction<typeof activate>;

const renderAt = (search: string) => {
  history.replace(`/user/activate${search}`);
  render(
    <AppProviders store={createApp([])}>
      <Activate />
    </AppProviders>,
  );
};

beforeEach(() => mockedActivate.mockReset());

test('activates with the token of the link', async () => {
  mockedActivate.mockResolvedValue({ success: true, message: '' });
  renderAt('?token=abcdefabcdefabcdef');
  expect(await screen.findByText('激活成功')).toBeInTheDocument();
  expect(mockedActivate).toHaveBeenCalledWith('abcdefabcdefabcdef');
  expect(screen.getByText('去登录').closest('a')).toHaveAttribute('href', '/user/login');
});

test('a used or expired link fails with the server message', async () => {
  mockedActivate.mockRejectedValue({
    response: { status: 410 },
    data: { success: false, errorCode: 'GONE', errorMessage: '链接已失效' },
  });
  renderAt('?token=abcdefabcdefabcdef');
  expect(await screen.findByText('激活失败')).toBeInTheDocument();
  expect(screen.getByText('链接已失效')).toBeInTheDocument();
});

test('no token, no call', () => {
  renderAt('');
  expect(screen.getByText('激活失败')).toBeInTheDocument();
  expect(mockedActivate).not.toHaveBeenCalled();
});
