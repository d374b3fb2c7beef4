import PlanFields from '../../plan/PlanFields';
import { SpaceTag } from '@/components/StatusTags/booking';
import type { LookupsModelState } from '@/models/lookups';
import { createPlan } from '@/services/plan';
import { useFormSave } from '@/utils/useFormSave';
import type { Price } from '@contract/price/schema';
import { addDays } from '@contract/plan/codes';
import { priceText } from '@contract/price/codes';
import type { OsbDict } from '@contract/setting/schema';
import { carrierText, portText } from '@contract/setting/codes';
import { Descriptions, Form, Modal } from 'antd';
import { useEffect } from 'react';
import { history, useSelector } from 'umi';

interface Values {
  quantity: number;
  osbFactory: string;
  remark?: string;
}

/** 订舱: a draft plan from the chosen sailing, its price fixed now; then the plan's page. */
export default function BookDialog({ price, dict, onClose }: { price?: Price; dict: OsbDict; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const factories = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbFactories);
  const { saving, save, notice } = useFormSave(form);
  useEffect(() => {
    if (price) form.resetFields();
  }, [price, form]);
  const quantity = Form.useWatch('quantity', form) ?? 1;

  const submit = async (values: Values) => {
    if (!price) return;
    await save(
      createPlan({ ...values, priceKey: price.key, remark: values.remark ?? '' }),
      (data) => `已创建订舱计划 ${data.key}（草稿），提交后由单证员向船公司订舱`,
      (data) => {
        history.push(`/osb/plan/${data.key}`);
      },
    );
  };

  return (
    <Modal
      open={price !== undefined}
      title="按此船期订舱"
      okText="创建订舱计划"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {price ? (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBlockEnd: 16 }}
          items={[
            { key: 'lane', label: '航线', children: `${portText(dict.ports, price.pol)} → ${portText(dict.ports, price.pod)}` },
            { key: 'carrier', label: '船公司', children: carrierText(dict.carriers, price.carrier) },
            { key: 'etd', label: '开船日期', children: price.sailingDate },
            {
              key: 'eta',
              label: '预计到港',
              children: `${addDays(price.sailingDate, price.transitDays)}（${price.transitDays} 天）`,
            },
            { key: 'price', label: `运价（${price.containerType}）`, children: priceText(price.amount, price.currency) },
            { key: 'space', label: '舱位', children: <SpaceTag space={price.space} /> },
            { key: 'total', label: '合计（锁定）', children: priceText(price.amount * quantity, price.currency) },
          ]}
        />
      ) : null}
      {notice}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ quantity: 1, osbFactory: factories[0]?.code }}
      >
        <PlanFields />
      </Form>
    </Modal>
  );
}
