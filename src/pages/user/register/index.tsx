import { queryInvitation, register } from '@/services/auth';
import { serverMessage } from '@/services/errors';
import type { InvitationView, RegisterBody } from '@contract/auth/schema';
import type { ErrorBody } from '@contract/shared/common';
import { roleLabels, roles, type Role } from '@contract/shared/formats';
import { fieldErrorSummary } from '@/utils/request';
import { Alert, Button, Col, Form, Input, Popover, Row, Select, Typography, message } from 'antd';
import React, { useEffect, useState } from 'react';
import { history, Link, useLocation } from 'umi';
import CaptchaButton from '../components/CaptchaButton';
import { confirmRules, rules } from '../validation';
import PasswordStrength from './PasswordStrength';

type RegisterFormValues = RegisterBody & { confirm: string };

const roleOptions = roles.map((value) => ({ value, label: roleLabels[value] }));

/**
 * The invitation of `?invitation=` (a colleague's mailed link): its company and e-mail, or the reason it cannot be
 * used; undefined while it is read, null without one.
 */
function useInvitation(token: string | null) {
  const [invitation, setInvitation] = useState<InvitationView | { failure: string } | null | undefined>(token ? undefined : null);
  useEffect(() => {
    if (!token) return;
    queryInvitation(token).then(setInvitation, (error) =>
      setInvitation({ failure: serverMessage(error, '邀请链接无效或已过期，请联系贵公司管理员重新邀请') }),
    );
  }, [token]);
  return invitation;
}

/**
 * 注册: a customer activates by e-mail; a clerk or an inspector waits for an administrator. Opened from a
 * colleague's invitation, the account joins that company with the invited e-mail and is active at once.
 */
const Register: React.FC = () => {
  const token = new URLSearchParams(useLocation().search).get('invitation');
  const invitation = useInvitation(token);
  const invited = invitation && 'email' in invitation ? invitation : undefined;
  const [form] = Form.useForm<RegisterFormValues>();
  useEffect(() => {
    if (invited) form.setFieldsValue({ email: invited.email, role: 'user' });
  }, [invited, form]);
  const password = Form.useWatch('password', form) ?? '';
  const role = Form.useWatch('role', form);
  const [passwordFocused, setPasswordFocused] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();

  const onFinish = async ({ confirm, ...body }: RegisterFormValues) => {
    setSubmitting(true);
    setFailure(undefined);
    try {
      const answer = await register(invited && token ? { ...body, invitation: token } : body);
      if (answer.status === 'ok') {
        const account = encodeURIComponent(answer.email || body.email);
        history.push(`/user/register-result?account=${account}&next=${answer.next ?? 'activation'}`);
      } else {
        setFailure(answer.message || '注册失败，请稍后再试');
      }
    } catch (error) {
      // A 422 names the fields it refused: each message under its field, and nowhere else.
      const fields = (error as { data?: Partial<ErrorBody> }).data?.fields;
      if (fields) {
        form.setFields(
          Object.entries(fields).map(([name, text]) => ({ name: name as keyof RegisterFormValues, errors: [text] })),
        );
        message.error(fieldErrorSummary(Object.keys(fields).length));
      } else {
        setFailure(serverMessage(error, '注册失败，请稍后再试'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} onFinish={onFinish} size="large" scrollToFirstError>
      <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 24 }}>
        注册
      </Typography.Title>
      {failure && <Alert style={{ marginBottom: 24 }} type="error" showIcon message={failure} />}
      {invited && (
        <Alert
          style={{ marginBottom: 24 }}
          type="info"
          showIcon
          message={`${invited.invitedBy} 邀请您加入「${invited.companyName}」`}
          description="注册后即成为公司成员，与同事共同查看和处理公司的记录。"
        />
      )}
      {invitation && 'failure' in invitation && (
        <Alert style={{ marginBottom: 24 }} type="warning" showIcon message={invitation.failure} />
      )}
      <Form.Item name="userName" rules={rules.userName}>
        <Input placeholder="用户名" autoComplete="username" />
      </Form.Item>
      <Form.Item name="realName" rules={rules.realName}>
        <Input placeholder="姓名（中文）" autoComplete="name" />
      </Form.Item>
      <Form.Item name="email" rules={rules.email}>
        <Input placeholder="邮箱" autoComplete="email" disabled={!!invited} />
      </Form.Item>
      <Form.Item name="mobile" rules={rules.mobile}>
        <Input prefix="+86" placeholder="手机号" autoComplete="tel" />
      </Form.Item>
      <Row gutter={8}>
        <Col span={15}>
          <Form.Item name="captcha" rules={rules.captcha}>
            <Input placeholder="6 位验证码" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
        </Col>
        <Col span={9}>
          <CaptchaButton size="large" getMobile={async () => (await form.validateFields(['mobile'])).mobile} />
        </Col>
      </Row>
      <Popover
        open={passwordFocused}
        placement="right"
        content={<PasswordStrength password={password} />}
        getPopupContainer={(node) => node.parentElement ?? document.body}
      >
        <div>
          <Form.Item name="password" rules={rules.password}>
            <Input.Password
              placeholder="至少 6 位密码，区分大小写"
              autoComplete="new-password"
              onFocus={() => setPasswordFocused(true)}
              onBlur={() => setPasswordFocused(false)}
            />
          </Form.Item>
        </div>
      </Popover>
      <Form.Item name="confirm" dependencies={['password']} rules={confirmRules()}>
        <Input.Password placeholder="确认密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="role"
        rules={rules.role}
        hidden={!!invited}
        extra={role && role !== 'user' ? `${roleLabels[role]}账号注册后需管理员审核激活，激活前不能登录。` : undefined}
      >
        <Select<Role> placeholder="岗位" options={roleOptions} />
      </Form.Item>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Button type="primary" htmlType="submit" loading={submitting} style={{ width: '50%' }}>
          注册
        </Button>
        <Link to="/user/login">使用已有账户登录</Link>
      </div>
    </Form>
  );
};

export default Register;
