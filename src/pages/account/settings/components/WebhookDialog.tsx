import FormDialog from '@/components/FormDialog';
import { createWebhook, updateWebhook } from '@/services/webhook';
import { useFormSave } from '@/utils/useFormSave';
import { webhookEventTypeNames, webhookEventTypes, webhookLimits } from '@contract/webhook/codes';
import type { Webhook } from '@contract/webhook/schema';
import { Checkbox, Form, Input, Select, Switch } from 'antd';

type Draft = Pick<Webhook, 'name' | 'callbackUrl' | 'eventTypes' | 'planKeys' | 'active'>;

interface WebhookDialogProps {
  open: boolean;
  /** The subscription changed; none: a new one. */
  editing?: Webhook;
  onClose: () => void;
  /** A new subscription with its secret (shown once), or the one changed. */
  onSaved: (saved: Webhook & { secret?: string }) => void;
}

/** 新建 / 修改订阅: where to, which events, which plans; the server checks where the address points. */
export default function WebhookDialog({ open, editing, onClose, onSaved }: WebhookDialogProps) {
  const [form] = Form.useForm<Draft>();
  const { saving, save, notice } = useFormSave(form, undefined, editing?.version);
  const finish = (draft: Draft) => {
    const call = editing
      ? updateWebhook(editing.key, { ...draft, planKeys: draft.planKeys ?? [], version: editing.version })
      : createWebhook({ ...draft, planKeys: draft.planKeys ?? [] });
    save(call, editing ? '订阅已保存' : '订阅已创建', (saved) => onSaved(saved));
  };
  return (
    <FormDialog<Draft>
      open={open}
      title={editing ? `修改订阅「${editing.name}」` : '新建 Webhook 订阅'}
      okText={editing ? '保存' : '创建'}
      form={form}
      saving={saving}
      notice={notice}
      width={640}
      initialValues={editing ?? { eventTypes: ['plan.confirmed'], planKeys: [], active: true }}
      onCancel={onClose}
      onFinish={finish}
    >
      <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写订阅名称' }]}>
        <Input maxLength={webhookLimits.nameMax} placeholder="如：ERP 出运状态" />
      </Form.Item>
      <Form.Item
        name="callbackUrl"
        label="回调地址"
        extra="贵司接收推送的 https 地址；不能是内网或本机地址。"
        rules={[{ required: true, message: '请填写回调地址' }]}
      >
        <Input maxLength={webhookLimits.urlMax} placeholder="https://erp.example.com/shipdesk/events" />
      </Form.Item>
      <Form.Item name="eventTypes" label="事件" rules={[{ required: true, message: '至少选择一种事件' }]}>
        <Checkbox.Group options={webhookEventTypeNames.map((value) => ({ value, label: webhookEventTypes[value] }))} />
      </Form.Item>
      <Form.Item name="planKeys" label="只推送这些订舱计划的事件" extra="不填：推送您可查看的全部计划。">
        <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="如：OP00000012" open={false} />
      </Form.Item>
      {editing ? (
        <Form.Item name="active" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}
