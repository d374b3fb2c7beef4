import PasswordStrength from '@/pages/user/register/PasswordStrength';
import { confirmRules, rules } from '@/pages/user/validation';
import { serverMessage } from '@/services/errors';
import { changePassword } from '@/services/user';
import { endSession } from '@/utils/request';
import type { PasswordChange } from '@contract/user/schema';
import { Form, Input, message, Modal } from 'antd';
import type { ResponseError } from 'umi-request';
import { useState } from 'react';
import { showServerFieldErrors } from '../serverErrors';

type PasswordValues = PasswordChange & { confirm: string };

const newPasswordRules = [{ required: true, message: '请输入新密码' }, ...rules.password.slice(1)];

interface PasswordModalProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new password once the server has accepted it. */
  onChanged: (password: string) => void;
}

/** 修改密码: the old password, the new one with its strength meter, and its confirmation. */
export default function PasswordModal({ open, onClose, onChanged }: PasswordModalProps) {
  const [form] = Form.useForm<PasswordValues>();
  const password = Form.useWatch('password', form) ?? '';
  const [passwordFocused, setPasswordFocused] = useState(false);
  const [saving, setSaving] = useState(false);

  const onFinish = async ({ oldPassword, password: newPassword }: PasswordValues) => {
    setSaving(true);
    try {
      await changePassword({ oldPassword, password: newPassword });
      message.success('密码已修改，其他设备上的登录已退出');
      onChanged(newPassword);
      onClose();
    } catch (error) {
      // The service skips request.ts's handling so that a wrong old password lands on its field.
      if ((error as Partial<ResponseError>).response?.status === 401) {
        endSession();
        return;
      }
      if (!showServerFieldErrors(form, error, 'oldPassword')) message.error(serverMessage(error, '密码修改失败，请稍后再试'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确定"
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<PasswordValues> form={form} layout="vertical" onFinish={onFinish} preserve={false} requiredMark={false}>
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password placeholder="原密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label="新密码"
          rules={newPasswordRules}
          extra={passwordFocused || password ? <PasswordStrength password={password} /> : undefined}
        >
          <Input.Password
            placeholder="至少 6 位密码，区分大小写"
            autoComplete="new-password"
            onFocus={() => setPasswordFocused(true)}
            onBlur={() => setPasswordFocused(false)}
          />
        </Form.Item>
        <Form.Item name="confirm" label="确认新密码" dependencies={['password']} rules={confirmRules('password')}>
          <Input.Password placeholder="确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
