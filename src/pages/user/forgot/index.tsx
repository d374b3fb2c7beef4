import { forgot } from '@/services/auth';
import { serverMessage } from '@/services/errors';
import { UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import React, { useState } from 'react';
import { Link } from 'umi';
import { messages } from '../validation';

const SENT = '重置密码的邮件已发送至该账号绑定的邮箱，请查收';
const NOT_FOUND = '账号不存在';

/** 忘记密码: the account name; the server mails a reset link to the account's e-mail. */
const Forgot: React.FC = () => {
  const [result, setResult] = useState<{ success: boolean; text: string }>();
  const [sending, setSending] = useState(false);

  const onFinish = async ({ name }: { name: string }) => {
    setSending(true);
    try {
      const answer = await forgot(name.trim());
      setResult(
        answer.success ? { success: true, text: answer.message || SENT } : { success: false, text: answer.message || NOT_FOUND },
      );
    } catch (error) {
      setResult({ success: false, text: serverMessage(error, NOT_FOUND) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Form onFinish={onFinish} size="large" onValuesChange={() => setResult(undefined)}>
      <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 24 }}>
        找回密码
      </Typography.Title>
      {result && (
        <Alert style={{ marginBottom: 24 }} showIcon type={result.success ? 'success' : 'error'} message={result.text} />
      )}
      <Form.Item name="name" rules={[{ required: true, whitespace: true, message: messages.userNameRequired }]}>
        <Input prefix={<UserOutlined />} placeholder="账户名" autoComplete="username" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={sending}>
        发送重置邮件
      </Button>
      <div style={{ marginTop: 24, textAlign: 'right' }}>
        <Link to="/user/login">返回登录</Link>
      </div>
    </Form>
  );
};

export default Forgot;
