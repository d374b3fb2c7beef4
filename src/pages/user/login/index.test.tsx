import loginModel from '@/models/login';
import userModel from '@/models/user';
import { accountLogin, getCaptcha } from '@/services/auth';
import { AppProviders, createApp, history } from '@/testing/umi';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import Login from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/auth', () => ({ accountLogin: jest.fn(), getCaptcha: jest.fn(), logout: jest.fn() }));

const mockedLogin = accountLogin as jest.MockedFunction<typeof accountLogin>;
const mockedCaptcha = getCaptcha as jest.MockedFunction<typeof getCaptcha>;

const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const submit = () => fireEvent.click(document.querySelector('button[type="submit"]') as HTMLElement);

beforeEach(() => {
  localStorage.clear();
  mockedLogin.mockReset();
  mockedCaptcha.mockReset();
  jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  history.replace('/user/login?redirect=%2Fosb%2Fplan');
  render(
    <AppProviders store={createApp([loginModel, userModel])}>
      <Login />
    </AppProviders>,
  );
});

afterEach(() => jest.restoreAllMocks());

test('shows both tabs, 自动登录 ticked, and the links to forgot and register', () => {
  expect(screen.getByText('账户密码登录')).toBeInTheDocument();
  expect(screen.getByText('手机号登录')).toBeInTheDocument();
  expect(screen.getByRole('checkbox')).toBeChecked();
  expect(screen.getByText('忘记密码').closest('a')).toHaveAttribute('href', '/user/login/forgot');
  expect(screen.getByText('注册账户').closest('a')).toHaveAttribute('href', '/user/register');
});

test('credentials are required', async () => {
  submit();
  expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
  expect(await screen.findByText('请输入密码')).toBeInTheDocument();
  expect(mockedLogin).not.toHaveBeenCalled();
});

test('wrong credentials show 账户或密码错误', async () => {
  mockedLogin.mockResolvedValue({ status: 'error', type: 'account' });
  type('用户名', 'user');
  type('密码', 'wrong');
  submit();
  expect(await screen.findByText('账户或密码错误')).toBeInTheDocument();
  expect(mockedLogin).toHaveBeenCalledWith({ type: 'account', userName: 'user', password: 'wrong' });
});

test('signing in follows the redirect', async () => {
  mockedLogin.mockResolvedValue({ status: 'ok', type: 'account', currentAuthority: ['user'], token: 't' });
  type('用户名', 'user');
  type('密码', 'shipdesk123');
  submit();
  await waitFor(() => expect(history.location.pathname).toBe('/osb/plan'));
  expect(localStorage.getItem('token')).toBe('t');
});

test('the mobile tab signs in with phone and code, and a wrong code shows 验证码错误', async () => {
  mockedLogin.mockResolvedValue({ status: 'error', type: 'mobile' });
  fireEvent.click(screen.getByText('手机号登录'));
  submit();
  expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
  expect(screen.getByText('请输入验证码')).toBeInTheDocument();
  type('手机号', '13800000001');
  type('6 位验证码', '123456');
  submit();
  expect(await screen.findByText('验证码错误')).toBeInTheDocument();
  expect(mockedLogin).toHaveBeenCalledWith({ type: 'mobile', mobile: '13800000001', captcha: '123456' });
});
