import PageLoading from '@/components/PageLoading';
import { serverMessage } from '@/services/errors';
import { unsubscribe, unsubscribeInfo } from '@/services/mail';
import type { UnsubscribeInfo } from '@contract/mail/codes';
import { Button, Result } from 'antd';
import React, { useEffect, useState } from 'react';
import { Link, useLocation } from 'umi';

type State = { info: UnsubscribeInfo } | { error: string };

const toLogin = (
  <Link key="login" to="/account/settings?tab=notification">
    <Button>登录后管理全部邮件提醒</Button>
  </Link>
);

/**
 * 退订邮件提醒: opened from a to-do mail, signed in or not. It says which switch the link turns off and turns it
 * off only when asked (a mail scanner that opens the link changes nothing).
 */
const Unsubscribe: React.FC = () => {
  const token = new URLSearchParams(useLocation().search).get('token');
  const [state, setState] = useState<State | undefined>(
    token ? undefined : { error: '退订链接无效，请从邮件中的链接打开本页。' },
  );
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    unsubscribeInfo(token)
      .then((info): State => ({ info }))
      .catch((error): State => ({ error: serverMessage(error, '退订链接无效或已过期') }))
      .then((next) => {
        if (live) setState(next);
      });
    return () => {
      live = false;
    };
  }, [token]);

  if (!state) return <PageLoading tip="正在读取退订链接…" />;
  if ('error' in state) return <Result status="error" title="无法退订" subTitle={state.error} extra={toLogin} />;
  const { info } = state;
  if (!info.subscribed) {
    return (
      <Result
        status="success"
        title="已退订"
        subTitle={`账号 ${info.account} 不再收到「${info.label}」邮件；站内待办照常显示。`}
        extra={toLogin}
      />
    );
  }
  const confirm = async () => {
    setSaving(true);
    try {
      setState({ info: await unsubscribe(token as string) });
    } catch (error) {
      setState({ error: serverMessage(error, '退订失败，请稍后再试') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Result
      status="info"
      title={`退订「${info.label}」邮件`}
      subTitle={`账号 ${info.account} 将不再收到这类待办的邮件，其他邮件提醒不变。`}
      extra={[
        <Button key="confirm" type="primary" loading={saving} onClick={confirm}>
          确认退订
        </Button>,
        toLogin,
      ]}
    />
  );
};

export default Unsubscribe;
