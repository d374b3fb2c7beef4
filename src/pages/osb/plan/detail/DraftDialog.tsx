import type { LookupsModelState } from '@/models/lookups';
import { updatePlan } from '@/services/plan';
import { showRefusal } from '@/utils/formErrors';
import { outcomeOf } from '@/utils/request';
import type { Plan } from '@contract/plan';
import { planLimits } from '@contract/planCodes';
import { Form, Input, InputNumber, Modal, Select, message } from 'antd';
import { useState } from 'react';
import { useSelector } from 'umi';

type Values = Pick<Plan, 'quantity' | 'osbFactory' | 'remark'>;

/** A draft's own fields; its sailing and price stay as booked (another sailing is a new plan). */
export default function DraftDialog({
  open,
  plan,
  onClose,
  onSaved,
}: {
  open: boolean;
  plan: Plan;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const factories = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbFactories);
  const [saving, setSaving] = useState(false);
  const submit = async (values: Values) => {
    setSaving(true);
    const saved = await outcomeOf(updatePlan(plan.key, { ...values, version: plan.version }));
    setSaving(false);
    if (!saved.ok) return showRefusal(form, saved.error);
    message.success(`已保存计划 ${plan.key}`);
    onSaved();
  };
  return (
    <Modal
      open={open}
      title={`修改草稿 ${plan.key}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={plan}>
        <Form.Item name="quantity" label="柜量" rules={[{ required: true, message: '请输入柜量' }]}>
          <InputNumber min={1} max={planLimits.maxQuantity} precision={0} addonAfter="柜" />
        </Form.Item>
        <Form.Item name="osbFactory" label="订舱工厂" rules={[{ required: true, message: '请选择订舱工厂' }]}>
          <Select options={factories.map((f) => ({ value: f.code, label: `${f.name}（${f.city}）` }))} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={planLimits.remarkMax} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
