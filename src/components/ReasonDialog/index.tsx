import FormDialog from '@/components/FormDialog';
import { Form, Input } from 'antd';
import { useEffect, useState } from 'react';

interface ReasonDialogProps {
  /** Open while set: the dialog's title and the reason's label. */
  ask?: { title: string; label: string; okText: string; required?: boolean; maxLength?: number };
  /** Resolves true when the change went through (the dialog closes), false to keep it open. */
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

/** A reason asked before a change that needs one: 取消计划, 拒绝订舱, 拒绝变更. */
export default function ReasonDialog({ ask, onSubmit, onClose }: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (ask) form.resetFields();
  }, [ask, form]);
  const submit = async ({ reason }: { reason: string }) => {
    setSaving(true);
    const done = await onSubmit((reason ?? '').trim());
    setSaving(false);
    if (done) onClose();
  };
  return (
    <FormDialog
      open={ask !== undefined}
      title={ask?.title}
      okText={ask?.okText}
      cancelText="返回"
      onCancel={onClose}
      form={form}
      saving={saving}
      onFinish={submit}
    >
      <Form.Item
        name="reason"
        label={ask?.label}
        rules={ask?.required === false ? [] : [{ required: true, whitespace: true, message: `请填写${ask?.label ?? '原因'}` }]}
      >
        <Input maxLength={ask?.maxLength ?? 200} showCount />
      </Form.Item>
    </FormDialog>
  );
}
