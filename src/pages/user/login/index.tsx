import type { LoginModelState, LoginPayload } from '@/models/login';
import type { LoginType } from '@contract/auth/schema';
import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Segmented } from 'antd';
import React, { useState } from 'react';
import { Link, useDispatch, useSelector } from 'umi';
import CaptchaButton from '../components/CaptchaButton';
import { messages, rules } from '../validation';

type State = { login: LoginModelState; loading: { effects: Record<string, boolean | undefined> } };

interface LoginFormValues {
  userName?: string;
  password?: string;
  mobile?: string;
  captcha?: string;
  autoLogin: boolean;
}

const failureTexts: Record<LoginType, string> = { account: '账户或密码错误', mobile: '验证码错误' };

/** 登录: credentials or phone + SMS code; the `login` model signs in and follows `redirect`. */
const Login: React.FC = () => {
  const dispatch = useDispatch();
  const login = useSelector((state: State) => state.login);
  const submitting = useSelector((state: State) => Boolean(state.loading?.effects['login/login']));
  const [type, setType] = useState<LoginType>('account');
  const [form] = Form.useForm<LoginFormValues>();

  const onFinish = (values: LoginFormValues) => {
    const payload: LoginPayload =
      type === 'account'
        ? { type, userName: values.userName ?? '', password: values.password ?? '', autoLogin: values.autoLogin }
        : { type, mobile: values.mobile ?? '', captcha: values.captcha ?? '', autoLogin: values.autoLogin };
    dispatch({ type: 'login/login', payload });
  };

  const failed = login.status === 'error' && login.type === type && !submitting;

  return (
    <Form form={form} onFinish={onFinish} initialValues={{ autoLogin: true }} size="large">
      {/* A segmented switch rather than Tabs: the login page is the first load and Tabs brings a menu and dropdown. */}
      <Segmented<LoginType>
        block
        value={type}
        onChange={setType}
        style={{ marginBottom: 24 }}
        options={[
          { value: 'account', label: '账户密码登录' },
          { value: 'mobile', label: '手机号登录' },
        ]}
      />
      {failed && <Alert style={{ marginBottom: 24 }} type="error" showIcon message={login.message || failureTexts[type]} />}
      {type === 'account' ? (
        <>
          <Form.Item name="userName" rules={[{ required: true, message: messages.userNameRequired }]}>
            <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: messages.passwordRequired }]}>
            <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="mobile" rules={rules.mobile}>
            <Input prefix={<MobileOutlined />} placeholder="手机号" autoComplete="tel" />
          </Form.Item>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="captcha" rules={rules.captcha} style={{ flex: 1 }}>
              <Input prefix={<MailOutlined />} placeholder="6 位验证码" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <div style={{ flex: '0 0 132px' }}>
              <CaptchaButton size="large" getMobile={async () => (await form.validateFields(['mobile'])).mobile as string} />
            </div>
          </div>
        </>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 24 }}>
        <Form.Item name="autoLogin" valuePropName="checked" noStyle>
          <Checkbox>自动登录</Checkbox>
        </Form.Item>
        <Link to="/user/login/forgot">忘记密码</Link>
      </div>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
      <div style={{ marginTop: 24, textAlign: 'right' }}>
        <Link to="/user/register">注册账户</Link>
      </div>
    </Form>
  );
};

export default Login;
