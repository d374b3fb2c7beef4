import DateInput from '@/components/DateField/DateInput';
import FormDialog from '@/components/FormDialog';
import { putPrices, queryPriceMonth } from '@/services/price';
import { useFormSave } from '@/utils/useFormSave';
import type { Price } from '@contract/price/schema';
import {
  currencies,
  priceFieldLabels as labels,
  priceLimits,
  spaceLabels,
  spaceLevels,
  type Currency,
  type SpaceLevel,
} from '@contract/price/codes';
import type { OsbDict } from '@contract/setting/schema';
import { portText, type ContainerType } from '@contract/setting/codes';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useEffect } from 'react';

interface Values {
  carrier: string;
  amount: number;
  currency: Currency;
  space: SpaceLevel;
  transitDays: number;
  validUntil?: string;
}

interface Props {
  editing?: { price?: Price; day?: string };
  lane: { pol: string; pod: string; containerType: ContainerType };
  dict: OsbDict;
  onClose: () => void;
  onSaved: () => void;
}

/** The clerk's price of one sailing: a new one on a day, or the one clicked (saved with the version read). */
export default function PriceDialog({ editing, lane, dict, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const price = editing?.price;
  const sailingDate = price?.sailingDate ?? editing?.day ?? '';
  const lanes = price ?? lane;
  // After a conflict the sailing's price is read again from its month: the one edited, or the one another clerk
  // entered meanwhile for the same carrier and day.
  const reread = async () => {
    const month = { pol: lanes.pol, pod: lanes.pod, containerType: lanes.containerType, month: sailingDate.slice(0, 7) };
    const carrier = form.getFieldValue('carrier');
    const read = await queryPriceMonth(month);
    return read?.data.find((one) => (price ? one.key === price.key : one.carrier === carrier && one.sailingDate === sailingDate));
  };
  const { saving, save, notice, version } = useFormSave(form, reread, price?.version, onSaved);
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (price) form.setFieldsValue({ ...price, currency: price.currency as Currency, validUntil: price.validUntil ?? '' });
  }, [editing, price, form]);

  const submit = async (values: Values) => {
    await save(
      putPrices({
        prices: [
          {
            ...values,
            pol: price?.pol ?? lane.pol,
            pod: price?.pod ?? lane.pod,
            containerType: price?.containerType ?? lane.containerType,
            sailingDate,
            validUntil: values.validUntil || null,
            ...(version !== undefined ? { version } : {}),
          },
        ],
      }),
      () => `已保存 ${sailingDate} 的运价`,
      () => {
        onSaved();
      },
    );
  };

  return (
    <FormDialog<Values>
      open={editing !== undefined}
      title={`${price ? '修改' : '新增'}运价：${sailingDate} ${portText(dict.ports, lanes.pol)} → ${portText(dict.ports, lanes.pod)} ${lanes.containerType}`}
      onCancel={onClose}
      form={form}
      saving={saving}
      notice={notice}
      onFinish={submit}
      initialValues={{ currency: 'USD', space: 'ample', transitDays: 14, carrier: dict.carriers[0]?.scac }}
    >
      <Form.Item name="carrier" label={labels.carrier} rules={[{ required: true, message: '请选择船公司' }]}>
        <Select
          disabled={price !== undefined}
          options={dict.carriers.map((c) => ({ value: c.scac, label: `${c.name}（${c.scac}）` }))}
        />
      </Form.Item>
      <Form.Item label={labels.amount} required>
        <Input.Group compact>
          <Form.Item name="currency" noStyle>
            <Select aria-label="币种" style={{ width: 90 }} options={currencies.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item name="amount" noStyle rules={[{ required: true, message: '请输入运价' }]}>
            <InputNumber
              aria-label={labels.amount}
              min={1}
              max={priceLimits.maxAmount}
              precision={0}
              style={{ width: 180 }}
              placeholder="每柜"
            />
          </Form.Item>
        </Input.Group>
      </Form.Item>
      <Form.Item name="space" label={labels.space}>
        <Radio.Group optionType="button" options={spaceLevels.map((value) => ({ value, label: spaceLabels[value] }))} />
      </Form.Item>
      <Form.Item name="transitDays" label={labels.transitDays} rules={[{ required: true, message: '请输入航程' }]}>
        <InputNumber min={1} max={priceLimits.maxTransitDays} precision={0} addonAfter="天" />
      </Form.Item>
      <Form.Item name="validUntil" label={labels.validUntil}>
        <DateInput width={180} />
      </Form.Item>
    </FormDialog>
  );
}
