import { forgot } from '@/services/auth';
import { AppProviders, createApp, history } from '@/testing/umi';
import { fireEvent, render, screen } from '@testing-library/react';
import Forgot from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/auth', () => ({ forgot: jest.fn() }));

const mockedForgot = forgot as jest.MockedFunction<typeof forgot>;

const ask = (name: string) => {
  fireEvent.change(screen.getByPlaceholderText('账户名'), { target: { value: name } });
  fireEvent.click(document.querySelector('button[type="submit"]') as HTMLElement);
};

beforeEach(() => {
  mockedForgot.mockReset();
  history.replace('/user/login/forgot');
  render(
    <AppProviders store={createApp([])}>
      <Forgot />
    </AppProviders>,
  );
});

test('the account name is required', async () => {
  fireEvent.click(document.querySelector('button[type="submit"]') as HTMLElement);
  expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
  expect(mockedForgot).not.toHaveBeenCalled();
});

test('success: the reset mail was sent', async () => {
  mockedForgot.mockResolvedValue({ success: true, message: '' });
  ask('user');
  expect(await screen.findByText('重置密码的邮件已发送至该账号绑定的邮箱，请查收')).toBeInTheDocument();
  expect(mockedForgot).toHaveBeenCalledWith('user');
});

test('failure: the server message', async () => {
  mockedForgot.mockResolvedValue({ success: false, message: '该账号尚未绑定邮箱' });
  ask('user2');
  expect(await screen.findByText('该账号尚未绑定邮箱')).toBeInTheDocument();
});

test('failure without a message: 账号不存在', async () => {
  mockedForgot.mockRejectedValue({ response: { status: 404 }, data: undefined });
  ask('ghost');
  expect(await screen.findByText('账号不存在')).toBeInTheDocument();
});
