import { Button, Result } from 'antd';
import React, { useEffect } from 'react';
import { history, Link, useLocation } from 'umi';

/** The web mail of the common providers; other domains are tried as mail.<domain>. */
const webMail: Record<string, string> = {
  'qq.com': 'https://mail.qq.com',
  'foxmail.com': 'https://mail.qq.com',
  '163.com': 'https://mail.163.com',
  '126.com': 'https://mail.126.com',
  'yeah.net': 'https://mail.yeah.net',
  'sina.com': 'https://mail.sina.com.cn',
  'sohu.com': 'https://mail.sohu.com',
  'aliyun.com': 'https://mail.aliyun.com',
  'gmail.com': 'https://mail.google.com',
  'outlook.com': 'https://outlook.live.com',
  'hotmail.com': 'https://outlook.live.com',
};

export const mailboxUrl = (email: string) => {
  const domain = email.split('@')[1]?.toLowerCase();
  if (!domain) return undefined;
  return webMail[domain] ?? `https://mail.${domain}`;
};

/**
 * 注册结果: `account` (the e-mail) and `next` (activation | approval | signIn) come from the register page. Opened without
 * an account (typed in, or a bookmark) there is nothing to report: it goes to the register page.
 */
const RegisterResult: React.FC = () => {
  const query = new URLSearchParams(useLocation().search);
  const account = query.get('account')?.trim() ?? '';
  useEffect(() => {
    if (!account) history.replace('/user/register');
  }, [account]);
  if (!account) return null;
  const next = query.get('next');
  if (next === 'signIn') {
    return (
      <Result
        status="success"
        title={`你的账户：${account} 注册成功`}
        subTitle="你已加入邀请你的公司，现在可以登录，与同事一起处理公司的记录。"
        extra={
          <Link to="/user/login">
            <Button type="primary">登录</Button>
          </Link>
        }
      />
    );
  }
  const approval = next === 'approval';
  const mailbox = approval ? undefined : mailboxUrl(account);

  return (
    <Result
      status="success"
      title={`你的账户：${account} 注册成功`}
      subTitle={
        approval
          ? '你注册的岗位需要管理员审核，请联系管理员激活账户。'
          : '激活邮件已发送到你的邮箱中，邮件有效期为24小时。请及时登录邮箱，点击邮件中的链接激活帐户。'
      }
      extra={[
        mailbox && (
          <Button key="mail" type="primary" href={mailbox} target="_blank" rel="noopener noreferrer">
            查看邮箱
          </Button>
        ),
        <Link key="home" to="/">
          <Button>返回首页</Button>
        </Link>,
      ]}
    />
  );
};

export default RegisterResult;
