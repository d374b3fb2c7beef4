import { AppProviders, createApp, history } from '@/testing/umi';
import { render, screen } from '@testing-library/react';
import RegisterResult, { mailboxUrl } from './index';

jest.mock('umi', () => require('@/testing/umi'));

const renderAt = (search: string) => {
  history.replace(`/user/register-result${search}`);
  render(
    <AppProviders store={createApp([])}>
      <RegisterResult />
    </AppProviders>,
  );
};

test('a customer is told to activate by e-mail within 24 hours', () => {
  renderAt('?account=wang%40qq.com&next=activation');
  expect(screen.getByText('你的账户：wang@qq.com 注册成功')).toBeInTheDocument();
  expect(
    screen.getByText('激活邮件已发送到你的邮箱中，邮件有效期为24小时。请及时登录邮箱，点击邮件中的链接激活帐户。'),
  ).toBeInTheDocument();
  expect(screen.getByText('查看邮箱').closest('a')).toHaveAttribute('href', 'https://mail.qq.com');
  expect(screen.getByText('返回首页').closest('a')).toHaveAttribute('href', '/');
});

test('a clerk or inspector is told to contact the administrator', () => {
  renderAt('?account=zhang%40example.com&next=approval');
  expect(screen.getByText('你的账户：zhang@example.com 注册成功')).toBeInTheDocument();
  expect(screen.getByText(/请联系管理员激活账户/)).toBeInTheDocument();
  expect(screen.queryByText('查看邮箱')).not.toBeInTheDocument();
});

test('mailboxUrl knows the common providers and guesses the rest', () => {
  expect(mailboxUrl('a@163.com')).toBe('https://mail.163.com');
  expect(mailboxUrl('a@corp.example')).toBe('https://mail.corp.example');
  expect(mailboxUrl('nonsense')).toBeUndefined();
});

test('opened without an account there is nothing to report: it goes to the register page', () => {
  for (const search of ['', '?next=activation', '?account=%20']) {
    renderAt(search);
    expect(history.location.pathname).toBe('/user/register');
    expect(screen.queryByText(/注册成功/)).not.toBeInTheDocument();
  }
});
