import type { LookupsModelState } from '@/models/lookups';
import { planLimits } from '@contract/plan/codes';
import { Form, Input, InputNumber, Select } from 'antd';
import { useSelector } from 'umi';

/** A plan's own fields, as booking from the calendar and editing a draft ask for them. */
export default function PlanFields() {
  const factories = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbFactories);
  return (
    <>
      <Form.Item name="quantity" label="柜量" rules={[{ required: true, message: '请输入柜量' }]}>
        <InputNumber min={1} max={planLimits.maxQuantity} precision={0} style={{ width: 160 }} addonAfter="柜" />
      </Form.Item>
      <Form.Item name="osbFactory" label="订舱工厂" rules={[{ required: true, message: '请选择订舱工厂' }]}>
        <Select options={factories.map((f) => ({ value: f.code, label: `${f.name}（${f.city}）` }))} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input maxLength={planLimits.remarkMax} allowClear />
      </Form.Item>
    </>
  );
}
