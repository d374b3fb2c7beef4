import UserModel from '@/models/user';
import { changePassword, patchUser, signOutOtherSessions } from '@/services/user';
import { AppProviders, createApp, history } from '@/testing/umi';
import type { User } from '@contract/user/schema';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import AccountSettings, { sectionOf } from './index';
import { changedProfile } from './components/BaseView';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/user', () => ({
  queryCurrent: jest.fn(),
  patchUser: jest.fn(),
  changePassword: jest.fn(),
  signOutOtherSessions: jest.fn(),
}));

jest.setTimeout(20000);

const mocked = <T extends (...args: any[]) => any>(fn: T) => fn as unknown as jest.MockedFunction<T>;

const demoUser: User = {
  id: 'u1',
  name: 'user',
  realName: '王小明',
  email: 'wang@example.com',
  phone: '13800000000',
  authority: ['user'],
  status: 'active',
  config: {},
  notifyPreferences: { notification: true, message: true, event: true },
  mailPreferences: { todos: {}, delivery: 'each', digestMinutes: 60 },
  notifyCount: 0,
  unreadCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  company: { key: 'CO00000001', name: '华东服饰有限公司', shortCode: 'C00001' },
  isManager: true,
};

const refused = (status: number, errorMessage: string, fields?: Record<string, string>) => ({
  response: { status },
  data: { success: false, errorCode: 'VALIDATION_FAILED', errorMessage, ...(fields ? { fields } : {}) },
});

let store: ReturnType<typeof createApp>;
const storedUser = (): User => store.getState().user.currentUser;

const open = async (search = '') => {
  history.replace(`/account/settings${search}`);
  store = createApp([UserModel]);
  store.dispatch({ type: 'user/saveCurrentUser', payload: demoUser });
  render(
    <AppProviders store={store}>
      <AccountSettings />
    </AppProviders>,
  );
  // rc-menu registers its items in a microtask after the first render.
  await act(async () => undefined);
};

const tab = () => new URLSearchParams(history.location.search).get('tab');
const menu = () => within(document.querySelector('.ant-menu') as HTMLElement);
const paneTitle = () => document.querySelector('h4')?.textContent;
const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const modalOk = () => fireEvent.click(modal().querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);

let success: jest.SpyInstance;
beforeEach(() => {
  jest.clearAllMocks();
  success = jest.spyOn(message, 'success').mockImplementation(() => undefined as never);
  jest.spyOn(message, 'info').mockImplementation(() => undefined as never);
  jest.spyOn(message, 'error').mockImplementation(() => undefined as never);
});
afterEach(() => jest.restoreAllMocks());

describe('sections', () => {
  test('?tab picks the section; a missing or unknown one is 基本设置', () => {
    expect(sectionOf(null)).toBe('basic');
    expect(sectionOf('nonsense')).toBe('basic');
    expect(sectionOf('security')).toBe('security');
    expect(sectionOf('binding')).toBe('binding');
    expect(sectionOf('notification')).toBe('notification');
  });

  test('the menu switches the section and writes it to ?tab', async () => {
    await open();
    expect(paneTitle()).toBe('基本设置');
    expect(screen.getByText('更新基本信息')).toBeInTheDocument();

    fireEvent.click(menu().getByText('安全设置'));
    expect(tab()).toBe('security');
    expect(await screen.findByText('账户密码')).toBeInTheDocument();
    expect(screen.queryByText('更新基本信息')).not.toBeInTheDocument();

    fireEvent.click(menu().getByText('账号绑定'));
    expect(tab()).toBe('binding');
    expect(await screen.findByText('w***@example.com')).toBeInTheDocument();

    fireEvent.click(menu().getByText('新消息通知'));
    expect(tab()).toBe('notification');
    expect(await screen.findByLabelText('待办')).toBeInTheDocument();
    expect(document.querySelector('.ant-menu-item-selected')).toHaveTextContent('新消息通知');

    // Going back follows the address, as a reload would.
    act(() => history.back());
    await waitFor(() => expect(paneTitle()).toBe('账号绑定'));
    expect(document.querySelector('.ant-menu-item-selected')).toHaveTextContent('账号绑定');
  });

  test('opening the page with ?tab shows that section', async () => {
    await open('?tab=security');
    expect(paneTitle()).toBe('安全设置');
    expect(document.querySelector('.ant-menu-item-selected')).toHaveTextContent('安全设置');
    expect(screen.getByText('已绑定手机：138****0000')).toBeInTheDocument();
    expect(screen.getByText('已绑定邮箱：w***@example.com')).toBeInTheDocument();
  });

  test('an unknown ?tab shows 基本设置', async () => {
    await open('?tab=admin');
    expect(paneTitle()).toBe('基本设置');
  });

  test('the page is titled 个人设置', async () => {
    await open();
    expect(screen.getAllByText('个人设置').length).toBeGreaterThan(0);
  });
});

describe('基本设置', () => {
  const save = () => fireEvent.click(screen.getByText('更新基本信息').closest('button') as HTMLElement);

  test('shows the account with its read-only name, company and role labels', async () => {
    await open();
    expect(screen.getByDisplayValue('user')).toBeDisabled();
    expect(screen.getByDisplayValue('华东服饰有限公司（C00001）')).toBeDisabled();
    expect(screen.getByText('公司管理员')).toHaveClass('ant-tag');
    expect(screen.getByDisplayValue('王小明')).toBeInTheDocument();
    expect(screen.getByDisplayValue('wang@example.com')).toBeInTheDocument();
    expect(screen.getByDisplayValue('13800000000')).toBeInTheDocument();
    expect(screen.getByText('客户')).toHaveClass('ant-tag');
  });

  test('changedProfile keeps only the changed fields', () => {
    const values = { realName: '王小明', email: 'new@example.com', phone: '13800000000' };
    expect(changedProfile(demoUser, values)).toEqual({ email: 'new@example.com' });
    expect(changedProfile(demoUser, { realName: '王小明', email: 'wang@example.com', phone: '13800000000' })).toEqual({});
  });

  test('saving sends only the changed fields and refreshes the current user', async () => {
    mocked(patchUser).mockResolvedValue({ ...demoUser, email: 'new@example.com', realName: '王大明' });
    await open();
    type('邮箱', 'new@example.com');
    type('姓名（中文）', '王大明');
    save();
    await waitFor(() => expect(success).toHaveBeenCalledWith('基本信息已更新'));
    expect(patchUser).toHaveBeenCalledTimes(1);
    expect(patchUser).toHaveBeenCalledWith('u1', { realName: '王大明', email: 'new@example.com' });
    expect(storedUser().email).toBe('new@example.com');
    expect(storedUser().realName).toBe('王大明');
  });

  test('nothing changed: no request', async () => {
    await open();
    save();
    await waitFor(() => expect(message.info).toHaveBeenCalledWith('基本信息未修改'));
    expect(patchUser).not.toHaveBeenCalled();
  });

  test('the form rules apply before saving', async () => {
    await open();
    type('姓名（中文）', 'Tom');
    type('邮箱', 'wang@example');
    type('手机号', '12345678901');
    save();
    expect(await screen.findByText('姓名须为中文汉字')).toBeInTheDocument();
    expect(await screen.findByText('邮箱地址格式错误')).toBeInTheDocument();
    expect(await screen.findByText('手机号格式错误')).toBeInTheDocument();
    expect(patchUser).not.toHaveBeenCalled();
  });

  test("the server's 422 field messages show on the fields", async () => {
    mocked(patchUser).mockRejectedValue(refused(422, '请求参数错误', { email: '邮箱已被其他账号使用' }));
    await open();
    type('邮箱', 'taken@example.com');
    save();
    expect(await screen.findByText('邮箱已被其他账号使用')).toBeInTheDocument();
    expect(success).not.toHaveBeenCalled();
    expect(storedUser().email).toBe('wang@example.com');
  });

  test('a 409 about the phone shows on the phone field', async () => {
    mocked(patchUser).mockRejectedValue(refused(409, '手机号已被其他账号绑定'));
    await open();
    type('手机号', '13900000000');
    save();
    expect(await screen.findByText('手机号已被其他账号绑定')).toBeInTheDocument();
  });
});

describe('安全设置: password', () => {
  const openModal = async () => {
    await open('?tab=security');
    fireEvent.click(screen.getAllByText('修改')[0]);
    await waitFor(() => expect(modal()).toHaveTextContent('修改密码'));
  };

  test('the fields are required', async () => {
    await openModal();
    modalOk();
    expect(await screen.findByText('请输入原密码')).toBeInTheDocument();
    expect(await screen.findByText('请输入新密码')).toBeInTheDocument();
    expect(await screen.findByText('请确认密码')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
  });

  test('the new password needs 6 characters and a matching confirmation', async () => {
    await openModal();
    type('原密码', 'shipdesk123');
    type('至少 6 位密码，区分大小写', '12345');
    type('确认新密码', '12346');
    modalOk();
    expect(await screen.findByText('密码至少 6 位，区分大小写')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的密码不匹配')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();
  });

  test('the strength meter of the register page follows the new password', async () => {
    await openModal();
    fireEvent.focus(screen.getByPlaceholderText('至少 6 位密码，区分大小写'));
    type('至少 6 位密码，区分大小写', '12345');
    expect(await screen.findByText('强度：太短')).toBeInTheDocument();
    type('至少 6 位密码，区分大小写', '1234567890');
    expect(await screen.findByText('强度：强')).toBeInTheDocument();
  });

  test('a valid change calls the service, says so and shows the new strength', async () => {
    mocked(changePassword).mockResolvedValue({ success: true });
    await openModal();
    type('原密码', 'shipdesk123');
    type('至少 6 位密码，区分大小写', 'NewSecret1');
    type('确认新密码', 'NewSecret1');
    modalOk();
    await waitFor(() => expect(success).toHaveBeenCalledWith('密码已修改，其他设备上的登录已退出'));
    expect(changePassword).toHaveBeenCalledWith({ oldPassword: 'shipdesk123', password: 'NewSecret1' });
    expect(await screen.findByText('强')).toBeInTheDocument();
    expect(screen.getByText(/当前密码强度/)).toBeInTheDocument();
  });

  test.each([
    ['a 422 naming the field', refused(422, '请求参数错误', { oldPassword: '原密码错误' }), '原密码错误'],
    ['a 400 with a message only', refused(400, '原密码不正确'), '原密码不正确'],
  ])('a wrong old password shows on its field (%s)', async (_, error, text) => {
    mocked(changePassword).mockRejectedValue(error);
    await openModal();
    type('原密码', 'wrong-one');
    type('至少 6 位密码，区分大小写', 'NewSecret1');
    type('确认新密码', 'NewSecret1');
    modalOk();
    const explain = await waitFor(() => {
      const node = modal().querySelector('.ant-form-item-explain-error');
      expect(node).toHaveTextContent(text);
      return node;
    });
    expect(explain?.closest('.ant-form-item')).toHaveTextContent('原密码');
    expect(success).not.toHaveBeenCalled();
  });

  test('a failure without a server message is reported', async () => {
    mocked(changePassword).mockRejectedValue(new TypeError('Failed to fetch'));
    await openModal();
    type('原密码', 'shipdesk123');
    type('至少 6 位密码，区分大小写', 'NewSecret1');
    type('确认新密码', 'NewSecret1');
    modalOk();
    await waitFor(() => expect(message.error).toHaveBeenCalledWith('密码修改失败，请稍后再试'));
  });
});

describe('安全设置: other devices', () => {
  const confirm = () => fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement);

  test('signs out the other sessions after confirmation and tells how many', async () => {
    mocked(signOutOtherSessions).mockResolvedValue({ success: true, deleted: 2 });
    await open('?tab=security');
    fireEvent.click(screen.getByText('退出其他设备'));
    expect(await screen.findByText('退出其他设备上的登录？')).toBeInTheDocument();
    expect(signOutOtherSessions).not.toHaveBeenCalled();
    confirm();
    await waitFor(() => expect(success).toHaveBeenCalledWith('已退出其他 2 个设备上的登录'));
    expect(signOutOtherSessions).toHaveBeenCalledTimes(1);
  });

  test('no other session', async () => {
    mocked(signOutOtherSessions).mockResolvedValue({ success: true, deleted: 0 });
    await open('?tab=security');
    fireEvent.click(screen.getByText('退出其他设备'));
    await screen.findByText('退出其他设备上的登录？');
    confirm();
    await waitFor(() => expect(success).toHaveBeenCalledWith('没有其他设备上的登录'));
  });

  test('cancelling sends nothing', async () => {
    await open('?tab=security');
    fireEvent.click(screen.getByText('退出其他设备'));
    await screen.findByText('退出其他设备上的登录？');
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn:not(.ant-btn-primary)') as HTMLElement);
    expect(signOutOtherSessions).not.toHaveBeenCalled();
  });
});

describe('账号绑定', () => {
  const changeLink = (title: string) =>
    within(screen.getByText(title).closest('.ant-list-item') as HTMLElement).getByText('修改');

  test('shows the masked phone and e-mail', async () => {
    await open('?tab=binding');
    expect(screen.getByText('138****0000')).toBeInTheDocument();
    expect(screen.getByText('w***@example.com')).toBeInTheDocument();
  });

  test('changes the phone after checking its format', async () => {
    mocked(patchUser).mockResolvedValue({ ...demoUser, phone: '13912345678' });
    await open('?tab=binding');
    fireEvent.click(changeLink('手机'));
    await waitFor(() => expect(modal()).toHaveTextContent('修改绑定手机'));
    expect(within(modal()).getByDisplayValue('13800000000')).toBeInTheDocument();
    type('手机号', '1391234567');
    modalOk();
    expect(await screen.findByText('手机号格式错误')).toBeInTheDocument();
    expect(patchUser).not.toHaveBeenCalled();

    type('手机号', '13912345678');
    modalOk();
    await waitFor(() => expect(success).toHaveBeenCalledWith('手机号已更新'));
    expect(patchUser).toHaveBeenCalledWith('u1', { phone: '13912345678' });
    expect(storedUser().phone).toBe('13912345678');
    expect(await screen.findByText('139****5678')).toBeInTheDocument();
  });

  test('changes the e-mail; a refused one shows on the field', async () => {
    mocked(patchUser).mockRejectedValueOnce(refused(422, '请求参数错误', { email: '邮箱地址格式错误' }));
    mocked(patchUser).mockResolvedValueOnce({ ...demoUser, email: 'li@example.com' });
    await open('?tab=binding');
    fireEvent.click(changeLink('邮箱'));
    await waitFor(() => expect(modal()).toHaveTextContent('修改绑定邮箱'));
    type('邮箱', 'li@example.com');
    modalOk();
    expect(await within(modal()).findByText('邮箱地址格式错误')).toBeInTheDocument();
    modalOk();
    await waitFor(() => expect(success).toHaveBeenCalledWith('邮箱已更新'));
    expect(patchUser).toHaveBeenLastCalledWith('u1', { email: 'li@example.com' });
    expect(await screen.findByText('l***@example.com')).toBeInTheDocument();
  });
});

describe('新消息通知', () => {
  const toggle = (label: string) => screen.getByLabelText(label);

  test('flipping a switch sends all three preferences and keeps the answer', async () => {
    mocked(patchUser).mockResolvedValue({
      ...demoUser,
      notifyPreferences: { notification: true, message: false, event: true },
    });
    await open('?tab=notification');
    await screen.findByLabelText('通知');
    for (const label of ['通知', '消息', '待办']) expect(toggle(label)).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(toggle('消息'));
    expect(patchUser).toHaveBeenCalledWith('u1', {
      notifyPreferences: { notification: true, message: false, event: true },
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('已关闭消息提醒'));
    expect(toggle('消息')).toHaveAttribute('aria-checked', 'false');
    expect(storedUser().notifyPreferences.message).toBe(false);
  });

  type Answer = Awaited<ReturnType<typeof patchUser>>;
  test.each<[string, (resolve: (answer: Answer) => void, reject: (error: unknown) => void) => void]>([
    ['a failure request.ts handled (undefined)', (resolve) => resolve(undefined)],
    ['a rejected call (422)', (_, reject) => reject(refused(422, '请求参数错误'))],
  ])('the switch goes back after %s', async (_, fail) => {
    let settle: () => void = () => undefined;
    mocked(patchUser).mockImplementation(
      () =>
        new Promise<Answer>((resolve, reject) => {
          settle = () => fail(resolve, reject);
        }),
    );
    await open('?tab=notification');
    fireEvent.click(await screen.findByLabelText('待办'));
    // Shown as flipped while the save is under way.
    expect(toggle('待办')).toHaveAttribute('aria-checked', 'false');
    expect(patchUser).toHaveBeenCalledWith('u1', {
      notifyPreferences: { notification: true, message: true, event: false },
    });
    await act(async () => settle());
    await waitFor(() => expect(toggle('待办')).toHaveAttribute('aria-checked', 'true'));
    expect(success).not.toHaveBeenCalled();
    expect(storedUser().notifyPreferences.event).toBe(true);
  });

  test('邮件提醒 lists the to-dos of the role; a switch and the delivery are saved at once', async () => {
    mocked(patchUser)
      .mockResolvedValueOnce({
        ...demoUser,
        mailPreferences: { todos: { bolToConfirm: true }, delivery: 'each', digestMinutes: 60 },
      })
      .mockResolvedValueOnce({
        ...demoUser,
        mailPreferences: { todos: { bolToConfirm: true }, delivery: 'digest', digestMinutes: 30 },
      });
    await open('?tab=notification');
    const mail = within(await screen.findByRole('region', { name: '邮件提醒' }));
    expect(mail.getByText(/也会发送到 wang@example.com/)).toBeInTheDocument();
    expect(mail.getByLabelText('提单草稿待确认邮件')).toHaveAttribute('aria-checked', 'false');
    expect(mail.getByLabelText('截单、截关、VGM 截止提醒邮件')).toBeInTheDocument();
    expect(mail.queryByLabelText('订舱计划待订舱邮件')).toBeNull();
    fireEvent.click(mail.getByLabelText('提单草稿待确认邮件'));
    expect(patchUser).toHaveBeenLastCalledWith('u1', {
      mailPreferences: { todos: { bolToConfirm: true }, delivery: 'each', digestMinutes: 60 },
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('已开启「提单草稿待确认」邮件'));
    expect(mail.getByLabelText('提单草稿待确认邮件')).toHaveAttribute('aria-checked', 'true');
    fireEvent.mouseDown(mail.getByRole('combobox', { name: '邮件发送方式' }));
    fireEvent.click(await screen.findByTitle('每 30 分钟汇总一封'));
    expect(patchUser).toHaveBeenLastCalledWith('u1', {
      mailPreferences: { todos: { bolToConfirm: true }, delivery: 'digest', digestMinutes: 30 },
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('待办将每 30 分钟汇总为一封邮件'));
    expect(storedUser().mailPreferences.delivery).toBe('digest');
  });

  test('邮件提醒 without an e-mail address says that nothing can be sent', async () => {
    await open('?tab=notification');
    store.dispatch({ type: 'user/saveCurrentUser', payload: { ...demoUser, email: '' } });
    expect(await screen.findByText(/您还没有填写邮箱，邮件提醒不会发出/)).toBeInTheDocument();
  });
});
