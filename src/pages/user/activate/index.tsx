import PageLoading from '@/components/PageLoading';
import { activate } from '@/services/auth';
import { serverMessage } from '@/services/errors';
import { Button, Result } from 'antd';
import React, { useEffect, useState } from 'react';
import { Link, useLocation } from 'umi';

type Outcome = { success: boolean; text: string };

/** 激活账号: opened from the activation e-mail; the `token` activates the account once. */
const Activate: React.FC = () => {
  const token = new URLSearchParams(useLocation().search).get('token');
  const [outcome, setOutcome] = useState<Outcome | undefined>(
    token ? undefined : { success: false, text: '激活链接无效，请从邮件中的链接打开本页。' },
  );

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    activate(token)
      .then((answer) => ({
        success: answer.success,
        text: answer.message || (answer.success ? '账号已激活，现在可以登录了。' : '激活链接无效或已过期'),
      }))
      .catch((error) => ({ success: false, text: serverMessage(error, '激活链接无效或已过期') }))
      .then((result) => {
        if (live) setOutcome(result);
      });
    return () => {
      live = false;
    };
  }, [token]);

  if (!outcome) return <PageLoading tip="正在激活账号…" />;
  return (
    <Result
      status={outcome.success ? 'success' : 'error'}
      title={outcome.success ? '激活成功' : '激活失败'}
      subTitle={outcome.text}
      extra={
        <Link to="/user/login">
          <Button type="primary">去登录</Button>
        </Link>
      }
    />
  );
};

export default Activate;
