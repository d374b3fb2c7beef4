import { rules } from '@/pages/user/validation';
import { patchUser } from '@/services/user';
import type { User } from '@contract/user/schema';
import { Form, Input, message, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useDispatch } from 'umi';
import { showServerFieldErrors } from '../serverErrors';

export type BindingField = 'phone' | 'email';

const bindings: Record<BindingField, { title: string; label: string; done: string; rules: Rule[] }> = {
  phone: { title: '修改绑定手机', label: '手机号', done: '手机号已更新', rules: rules.mobile },
  email: { title: '修改绑定邮箱', label: '邮箱', done: '邮箱已更新', rules: rules.email },
};

interface BindingModalProps {
  user: User;
  open: boolean;
  /** The value being changed; kept while the modal closes, so its content does not vanish mid-animation. */
  field?: BindingField;
  onClose: () => void;
}

/** Changes one bound contact (phone or e-mail) with PATCH /v1/users/{id}. */
export default function BindingModal({ user, open, field, onClose }: BindingModalProps) {
  const [form] = Form.useForm<Record<BindingField, string>>();
  const dispatch = useDispatch();
  const [saving, setSaving] = useState(false);
  const binding = field && bindings[field];

  const onFinish = async (values: Record<BindingField, string>) => {
    if (!field) return;
    const value = values[field];
    if (value === user[field]) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const answer = await patchUser(user.id, { [field]: value });
      // undefined: request.ts has already told the user what went wrong.
      if (!answer) return;
      dispatch({ type: 'user/saveCurrentUser', payload: answer });
      message.success(bindings[field].done);
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error, field);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={binding?.title}
      open={open && Boolean(field)}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确定"
      confirmLoading={saving}
      destroyOnHidden
    >
      {field && binding && (
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ [field]: user[field] }}
          preserve={false}
          requiredMark={false}
        >
          <Form.Item name={field} label={binding.label} rules={binding.rules}>
            <Input
              prefix={field === 'phone' ? '+86' : undefined}
              placeholder={binding.label}
              autoComplete={field === 'phone' ? 'tel' : 'email'}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
