import { unsubscribe, unsubscribeInfo } from '@/services/mail';
import { AppProviders, createApp, history } from '@/testing/umi';
import { fireEvent, render, screen } from '@testing-library/react';
import Unsubscribe from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/mail', () => ({ unsubscribe: jest.fn(), unsubscribeInfo: jest.fn() }));

const info = jest.mocked(unsubscribeInfo);
const off = jest.mocked(unsubscribe);
const link = { kind: 'bolToConfirm' as const, label: '提单草稿待确认', account: 'us***er' };

const renderAt = (search: string) => {
  history.replace(`/user/unsubscribe${search}`);
  render(
    <AppProviders store={createApp([])}>
      <Unsubscribe />
    </AppProviders>,
  );
};

beforeEach(() => jest.resetAllMocks());

test('says what the link turns off, and turns it off only when confirmed', async () => {
  info.mockResolvedValue({ ...link, subscribed: true });
  off.mockResolvedValue({ ...link, subscribed: false });
  renderAt('?token=abcdefabcdefabcdef');
  expect(await screen.findByText('退订「提单草稿待确认」邮件')).toBeInTheDocument();
  expect(info).toHaveBeenCalledWith('abcdefabcdefabcdef');
  expect(off).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: '确认退订' }));
  expect(await screen.findByText('已退订')).toBeInTheDocument();
  expect(screen.getByText(/账号 us\*\*\*er 不再收到「提单草稿待确认」邮件/)).toBeInTheDocument();
  expect(off).toHaveBeenCalledWith('abcdefabcdefabcdef');
});

test('an unknown link shows the server’s reason', async () => {
  info.mockRejectedValue({
    response: { status: 404 },
    data: { success: false, errorCode: 'TOKEN_INVALID', errorMessage: '退订链接无效或已过期' },
  });
  renderAt('?token=abcdefabcdefabcdef');
  expect(await screen.findByText('无法退订')).toBeInTheDocument();
  expect(screen.getByText('退订链接无效或已过期')).toBeInTheDocument();
});

test('no token, no call', () => {
  renderAt('');
  expect(screen.getByText('无法退订')).toBeInTheDocument();
  expect(info).not.toHaveBeenCalled();
});
