import { rules } from '@/pages/user/validation';
import { patchUser } from '@/services/user';
import { roleLabels } from '@contract/shared/formats';
import type { User, UserPatch } from '@contract/user/schema';
import { Button, Form, Input, message, Space, Tag } from 'antd';
import { useState } from 'react';
import { useDispatch } from 'umi';
import { showServerFieldErrors } from '../serverErrors';

type ProfileValues = Required<Pick<UserPatch, 'realName' | 'email' | 'phone'>>;

/** The profile fields the form changed: the PATCH sends only those. */
export function changedProfile(user: User, values: ProfileValues): UserPatch {
  const patch: UserPatch = {};
  if (values.realName !== user.realName) patch.realName = values.realName;
  if (values.email !== user.email) patch.email = values.email;
  if (values.phone !== user.phone) patch.phone = values.phone;
  return patch;
}

/** 基本设置: 姓名, 邮箱 and 手机号 editable; 用户名 and 角色 shown only. */
export default function BaseView({ user }: { user: User }) {
  const [form] = Form.useForm<ProfileValues>();
  const dispatch = useDispatch();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: ProfileValues) => {
    const patch = changedProfile(user, values);
    if (!Object.keys(patch).length) {
      message.info('基本信息未修改');
      return;
    }
    setSaving(true);
    try {
      const answer = await patchUser(user.id, patch);
      // undefined: request.ts has already told the user what went wrong.
      if (!answer) return;
      dispatch({ type: 'user/saveCurrentUser', payload: answer });
      message.success('基本信息已更新');
    } catch (error) {
      // 422 names the refused fields; a 409 (phone bound to another account) names none.
      showServerFieldErrors(form, error, 'phone' in patch ? 'phone' : undefined);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 440 }}
      initialValues={{ realName: user.realName, email: user.email, phone: user.phone }}
      onFinish={onFinish}
      requiredMark={false}
    >
      <Form.Item label="用户名">
        <Input value={user.name} disabled />
      </Form.Item>
      <Form.Item name="realName" label="姓名" rules={rules.realName}>
        <Input placeholder="姓名（中文）" autoComplete="name" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={rules.email}>
        <Input placeholder="邮箱" autoComplete="email" />
      </Form.Item>
      <Form.Item name="phone" label="手机号" rules={rules.mobile}>
        <Input prefix="+86" placeholder="手机号" autoComplete="tel" />
      </Form.Item>
      {user.company && (
        <Form.Item label="所属公司">
          <Input value={`${user.company.name}（${user.company.shortCode}）`} disabled />
          {user.isManager && (
            <Tag color="gold" style={{ marginBlockStart: 8 }}>
              公司管理员
            </Tag>
          )}
        </Form.Item>
      )}
      <Form.Item label="角色">
        <Space size={[0, 8]} wrap>
          {user.authority.map((role) => (
            <Tag key={role} color="blue">
              {roleLabels[role]}
            </Tag>
          ))}
        </Space>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        更新基本信息
      </Button>
    </Form>
  );
}
