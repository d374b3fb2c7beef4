import { resetPassword } from '@/services/auth';
import { serverMessage } from '@/services/errors';
import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import React, { useState } from 'react';
import { Link, useLocation } from 'umi';
import { confirmRules, rules } from '../validation';

/** 重置密码: opened from the mailed link, whose `token` authorises one new password. */
const Reset: React.FC = () => {
  const token = new URLSearchParams(useLocation().search).get('token');
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();

  if (!token) {
    return (
      <Result
        status="error"
        title="重置链接无效"
        subTitle="请从邮件中的链接打开本页，或重新申请重置密码。"
        extra={<Link to="/user/login/forgot">重新申请</Link>}
      />
    );
  }

  if (done) {
    return (
      <Result
        status="success"
        title="密码已重置"
        subTitle="请使用新密码登录。"
        extra={
          <Link to="/user/login">
            <Button type="primary">去登录</Button>
          </Link>
        }
      />
    );
  }

  const onFinish = async ({ password }: { password: string }) => {
    setSubmitting(true);
    setFailure(undefined);
    try {
      const answer = await resetPassword(token, password);
      if (answer.success) setDone(true);
      else setFailure(answer.message || '重置链接无效或已过期');
    } catch (error) {
      setFailure(serverMessage(error, '重置链接无效或已过期'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form onFinish={onFinish} size="large">
      <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 24 }}>
        重置密码
      </Typography.Title>
      {failure && <Alert style={{ marginBottom: 24 }} type="error" showIcon message={failure} />}
      <Form.Item name="password" rules={rules.password}>
        <Input.Password prefix={<LockOutlined />} placeholder="新密码，至少 6 位" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" dependencies={['password']} rules={confirmRules()}>
        <Input.Password prefix={<LockOutlined />} placeholder="确认新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        重置密码
      </Button>
      <div style={{ marginTop: 24, textAlign: 'right' }}>
        <Link to="/user/login">返回登录</Link>
      </div>
    </Form>
  );
};

export default Reset;
