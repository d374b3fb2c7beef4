import { getCaptcha, queryInvitation, register } from '@/services/auth';
import { AppProviders, createApp, history } from '@/testing/umi';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { message } from 'antd';
import Register from './index';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/auth', () => ({ register: jest.fn(), getCaptcha: jest.fn(), queryInvitation: jest.fn() }));

const mockedRegister = register as jest.MockedFunction<typeof register>;
const mockedCaptcha = getCaptcha as jest.MockedFunction<typeof getCaptcha>;

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder);
const type = (placeholder: string, value: string) => fireEvent.change(field(placeholder), { target: { value } });
// Queries by text, not by role: role queries compute styles and are slow on antd's DOM.
const submit = () => fireEvent.click(document.querySelector('button[type="submit"]') as HTMLElement);
const button = (text: string) => screen.getByText(text).closest('button') as HTMLButtonElement;

const chooseRole = async (label: string) => {
  fireEvent.mouseDown(document.querySelector('.ant-select-selector') as HTMLElement);
  const option = await screen.findByTitle(label);
  fireEvent.click(option);
};

const fillValid = async (role = '客户') => {
  type('用户名', 'wang_01');
  type('姓名（中文）', '王小明');
  type('邮箱', 'wang@example.com');
  type('手机号', '13912345678');
  type('6 位验证码', '123456');
  type('至少 6 位密码，区分大小写', 'Secret123456');
  type('确认密码', 'Secret123456');
  await chooseRole(role);
};

beforeEach(() => {
  mockedRegister.mockReset();
  mockedCaptcha.mockReset();
  history.replace('/user/register');
  render(
    <AppProviders store={createApp([])}>
      <Register />
    </AppProviders>,
  );
});

test('an empty form shows every required message', async () => {
  submit();
  for (const text of [
    '请输入用户名',
    '请输入姓名',
    '请输入邮箱地址',
    '请输入手机号',
    '请输入验证码',
    '请输入密码',
    '请确认密码',
    '请选择岗位',
  ]) {
    expect(await screen.findByText(text)).toBeInTheDocument();
  }
  expect(mockedRegister).not.toHaveBeenCalled();
});

test.each([
  ['用户名', 'a', '用户名为 2–32 位字母、数字、下划线、点或横线'],
  ['用户名', 'bad name!', '用户名为 2–32 位字母、数字、下划线、点或横线'],
  ['姓名（中文）', 'Tom', '姓名须为中文汉字'],
  ['姓名（中文）', '王1', '姓名须为中文汉字'],
  ['邮箱', 'wang@example', '邮箱地址格式错误'],
  ['邮箱', 'wang example.com', '邮箱地址格式错误'],
  ['手机号', '12345678901', '手机号格式错误'],
  ['手机号', '1391234567', '手机号格式错误'],
  ['6 位验证码', '12a456', '验证码为 6 位数字'],
  ['6 位验证码', '12345', '验证码为 6 位数字'],
  ['至少 6 位密码，区分大小写', '12345', '密码至少 6 位，区分大小写'],
])('%s "%s" → %s', async (placeholder, value, text) => {
  type(placeholder, value);
  submit();
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(mockedRegister).not.toHaveBeenCalled();
});

test('the confirmation must match the password', async () => {
  type('至少 6 位密码，区分大小写', 'Secret123');
  type('确认密码', 'Secret124');
  submit();
  expect(await screen.findByText('两次输入的密码不匹配')).toBeInTheDocument();
  type('确认密码', 'Secret123');
  await waitFor(() => expect(screen.queryByText('两次输入的密码不匹配')).not.toBeInTheDocument());
});

test('the strength meter: 太短 up to 5 characters, 中 up to 9, 强 beyond', async () => {
  fireEvent.focus(field('至少 6 位密码，区分大小写'));
  type('至少 6 位密码，区分大小写', '12345');
  expect(await screen.findByText('强度：太短')).toBeInTheDocument();
  type('至少 6 位密码，区分大小写', '123456789');
  expect(await screen.findByText('强度：中')).toBeInTheDocument();
  type('至少 6 位密码，区分大小写', '1234567890');
  expect(await screen.findByText('强度：强')).toBeInTheDocument();
  expect(document.querySelector('.ant-progress')).toBeInTheDocument();
});

test('a valid form registers and opens the result page', async () => {
  mockedRegister.mockResolvedValue({ status: 'ok', message: '注册成功', next: 'activation', email: 'wang@example.com' });
  await fillValid();
  submit();
  await waitFor(() => expect(history.location.pathname).toBe('/user/register-result'));
  expect(mockedRegister).toHaveBeenCalledWith({
    userName: 'wang_01',
    realName: '王小明',
    email: 'wang@example.com',
    mobile: '13912345678',
    captcha: '123456',
    password: 'Secret123456',
    role: 'user',
  });
  expect(new URLSearchParams(history.location.search).get('account')).toBe('wang@example.com');
  expect(new URLSearchParams(history.location.search).get('next')).toBe('activation');
});

test('a clerk waits for approval', async () => {
  mockedRegister.mockResolvedValue({ status: 'ok', message: '注册成功', next: 'approval', email: 'wang@example.com' });
  await fillValid('单证员');
  submit();
  await waitFor(() => expect(history.location.search).toContain('next=approval'));
  expect(mockedRegister).toHaveBeenCalledWith(expect.objectContaining({ role: 'documentClerk' }));
});

test('the server message shows when registering fails', async () => {
  mockedRegister.mockRejectedValue({
    response: { status: 409 },
    data: { success: false, errorCode: 'NAME_TAKEN', errorMessage: '用户名已被占用' },
  });
  await fillValid();
  submit();
  await waitFor(() => expect(document.querySelector('.ant-alert-error')).toHaveTextContent('用户名已被占用'));
  expect(history.location.pathname).toBe('/user/register');
});

test('field errors of a refusal show under their fields only', async () => {
  mockedRegister.mockRejectedValue({
    response: { status: 422 },
    data: { success: false, errorCode: 'VALIDATION_FAILED', errorMessage: '验证码错误', fields: { captcha: '验证码错误' } },
  });
  const summary = jest.spyOn(message, 'error').mockImplementation(() => undefined as never);
  await fillValid();
  submit();
  expect(await screen.findByText('验证码错误')).toBeInTheDocument();
  expect(screen.getAllByText('验证码错误')).toHaveLength(1);
  expect(summary).toHaveBeenCalledWith('提交未成功，请按标红处的提示修改');
  summary.mockRestore();
  expect(document.querySelector('.ant-alert-error')).toBeNull();
});

test('choosing 单证员 or 验针员 says before submitting that an administrator activates the account', async () => {
  await chooseRole('客户');
  expect(screen.queryByText(/需管理员审核激活/)).not.toBeInTheDocument();
  await chooseRole('验针员');
  expect(await screen.findByText('验针员账号注册后需管理员审核激活，激活前不能登录。')).toBeInTheDocument();
});

describe('获取验证码', () => {
  beforeEach(() => jest.spyOn(message, 'success').mockImplementation(() => undefined as never));
  afterEach(() => jest.restoreAllMocks());

  test('asks for a valid phone first', async () => {
    fireEvent.click(button('获取验证码'));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(mockedCaptcha).not.toHaveBeenCalled();
  });

  test('sends the code and counts down 60 seconds', async () => {
    mockedCaptcha.mockResolvedValue({ success: true, message: '验证码已发送' });
    type('手机号', '13912345678');
    jest.useFakeTimers();
    try {
      fireEvent.click(button('获取验证码'));
      await screen.findByText('60 秒');
      expect(mockedCaptcha).toHaveBeenCalledWith('13912345678');
      expect(button('60 秒')).toBeDisabled();
      act(() => jest.advanceTimersByTime(1000));
      expect(button('59 秒')).toBeDisabled();
      for (let i = 0; i < 59; i += 1) act(() => jest.advanceTimersByTime(1000));
      expect(button('获取验证码')).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });
});

test('links back to the login page', () => {
  expect(screen.getByText('使用已有账户登录').closest('a')).toHaveAttribute('href', '/user/login');
});

/** The page opened again from an invitation link. */
function openInvited(token: string) {
  cleanup();
  history.replace(`/user/register?invitation=${token}`);
  render(
    <AppProviders store={createApp([])}>
      <Register />
    </AppProviders>,
  );
}

test('from an invitation link: the company is named, the e-mail fixed, no 岗位, and the token is sent', async () => {
  jest.mocked(queryInvitation).mockResolvedValue({
    companyName: '华东服饰有限公司',
    email: 'wu@huadong.example',
    invitedBy: '陈客户',
    expiresAt: '2026-12-14T08:00:00.000Z',
  });
  mockedRegister.mockResolvedValue({ status: 'ok', message: '注册成功', next: 'signIn', email: 'wu@huadong.example' });
  openInvited('t'.repeat(43));
  expect(await screen.findByText('陈客户 邀请您加入「华东服饰有限公司」')).toBeInTheDocument();
  expect(field('邮箱')).toHaveValue('wu@huadong.example');
  expect(field('邮箱')).toBeDisabled();
  type('用户名', 'wu_xiao');
  type('姓名（中文）', '吴晓');
  type('手机号', '13912345678');
  type('6 位验证码', '123456');
  type('至少 6 位密码，区分大小写', 'Secret123456');
  type('确认密码', 'Secret123456');
  submit();
  await waitFor(() =>
    expect(mockedRegister).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'wu@huadong.example', role: 'user', invitation: 't'.repeat(43) }),
    ),
  );
  await waitFor(() => expect(history.location.search).toContain('next=signIn'));
});

test('a dead invitation link says so, and the form stays an ordinary registration', async () => {
  jest.mocked(queryInvitation).mockRejectedValue({
    data: { success: false, errorCode: 'TOKEN_INVALID', errorMessage: '邀请链接无效、已使用或已过期' },
  });
  openInvited('d'.repeat(43));
  expect(await screen.findByText('邀请链接无效、已使用或已过期')).toBeInTheDocument();
  expect(field('邮箱')).not.toBeDisabled();
});
