import { resetPassword } from '@/services/auth';
import { AppProviders, createApp, history } from '@/testing/umi';
import { fireEvent, render, screen } from '@testing-library/react';
import Reset from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/auth', () => ({ resetPassword: jest.fn() }));

const mockedReset = resetPassword as jest.MockedFunction<typeof resetPassword>;

const renderAt = (search: string) => {
  history.replace(`/user/reset${search}`);
  render(
    <AppProviders store={createApp([])}>
      <Reset />
    </AppProviders>,
  );
};

const fill = (password: string, confirm: string) => {
  fireEvent.change(screen.getByPlaceholderText('新密码，至少 6 位'), { target: { value: password } });
  fireEvent.change(screen.getByPlaceholderText('确认新密码'), { target: { value: confirm } });
  fireEvent.click(document.querySelector('button[type="submit"]') as HTMLElement);
};

beforeEach(() => mockedReset.mockReset());

test('without a token the link is invalid', () => {
  renderAt('');
  expect(screen.getByText('重置链接无效')).toBeInTheDocument();
});

test('the new password follows the password rules and must be confirmed', async () => {
  renderAt('?token=0123456789abcdef0123');
  fill('12345', '54321');
  expect(await screen.findByText('密码至少 6 位，区分大小写')).toBeInTheDocument();
  expect(await screen.findByText('两次输入的密码不匹配')).toBeInTheDocument();
  expect(mockedReset).not.toHaveBeenCalled();
});

test('a good token sets the password and offers the login page', async () => {
  mockedReset.mockResolvedValue({ success: true, message: '' });
  renderAt('?token=0123456789abcdef0123');
  fill('NewSecret1', 'NewSecret1');
  expect(await screen.findByText('密码已重置')).toBeInTheDocument();
  expect(mockedReset).toHaveBeenCalledWith('0123456789abcdef0123', 'NewSecret1');
  expect(screen.getByText('去登录').closest('a')).toHaveAttribute('href', '/user/login');
});

test('an expired token shows the server message', async () => {
  mockedReset.mockRejectedValue({
    response: { status: 422 },
    data: { success: false, errorCode: 'TOKEN', errorMessage: '链接已过期，请重新申请' },
  });
  renderAt('?token=0123456789abcdef0123');
  fill('NewSecret1', 'NewSecret1');
  expect(await screen.findByText('链接已过期，请重新申请')).toBeInTheDocument();
});
