import FormDialog from '@/components/FormDialog';
import type { LookupsModelState } from '@/models/lookups';
import { queryPlan, requestPlanChange } from '@/services/plan';
import { queryPriceMonth } from '@/services/price';
import { useFormSave } from '@/utils/useFormSave';
import type { Plan } from '@contract/plan/schema';
import type { Price } from '@contract/price/schema';
import { changeTypeLabels, changeTypes, chinaToday, planLimits, priceDiffOf, type ChangeType } from '@contract/plan/codes';
import { priceText, spaceLabels, unbookableReason } from '@contract/price/codes';
import { carrierText, containerTypes, portText, type ContainerType } from '@contract/setting/codes';
import { Alert, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useSelector } from 'umi';

interface Values {
  changeType: ChangeType;
  quantity?: number;
  containerType?: ContainerType;
  pol?: string;
  pod?: string;
  sailing?: string;
  reason: string;
}

const nextMonth = (month: string) => {
  const day = new Date(`${month}-15T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() + 1);
  return day.toISOString().slice(0, 7);
};

/** The bookable sailings of a lane and type in the month of `from` and the next. */
async function sailingsOf(pol: string, pod: string, containerType: ContainerType, from: string): Promise<Price[]> {
  const months = [from.slice(0, 7), nextMonth(from.slice(0, 7))];
  const answers = await Promise.all(months.map((month) => queryPriceMonth({ pol, pod, containerType, month })));
  const today = chinaToday();
  return answers.flatMap((answer) => answer?.data ?? []).filter((price) => unbookableReason(price, today) === undefined);
}

/** 申请变更: 数量 / 箱型 / 船期 / 航线 / 取消 of a confirmed plan, with the price difference previewed. */
export default function ChangeDialog({
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
  const dict = useSelector((state: { lookups: LookupsModelState }) => state.lookups.osbDict);
  const reread = () => queryPlan(plan.key);
  const { saving, save, notice, version } = useFormSave(form, reread, plan.version, onSaved);
  const [sailings, setSailings] = useState<Price[]>([]);
  const changeType: ChangeType = Form.useWatch('changeType', form) ?? 'quantity';
  const containerType: ContainerType = Form.useWatch('containerType', form) ?? plan.containerType;
  const pol: string = Form.useWatch('pol', form) ?? plan.pol;
  const pod: string = Form.useWatch('pod', form) ?? plan.pod;
  const sailingKey: string | undefined = Form.useWatch('sailing', form);

  // The sailings the new values can go to: the same day for another type, the lane's sailings otherwise.
  useEffect(() => {
    if (!['containerType', 'sailing', 'route'].includes(changeType)) return setSailings([]);
    const type = changeType === 'containerType' ? containerType : plan.containerType;
    const lane = changeType === 'route' ? { pol, pod } : plan;
    let current = true;
    sailingsOf(lane.pol, lane.pod, type, plan.etd).then((list) => current && setSailings(list));
    return () => {
      current = false;
    };
  }, [changeType, containerType, pol, pod, plan]);

  const target =
    changeType === 'containerType'
      ? sailings.find((p) => p.sailingDate === plan.etd && p.carrier === plan.carrier && p.containerType === containerType)
      : sailings.find((p) => p.key === sailingKey);
  const diff =
    target && target.currency === plan.priceSnapshot.currency
      ? priceDiffOf(plan.priceSnapshot, target, plan.quantity)
      : undefined;

  const submit = async (values: Values) => {
    const sailing = sailings.find((p) => p.key === values.sailing);
    const body = {
      changeType: values.changeType,
      reason: values.reason,
      version: version ?? plan.version,
      ...(values.changeType === 'quantity' ? { quantity: values.quantity } : {}),
      ...(values.changeType === 'containerType' ? { containerType: values.containerType } : {}),
      ...(values.changeType === 'sailing' && sailing ? { carrier: sailing.carrier, sailingDate: sailing.sailingDate } : {}),
      ...(values.changeType === 'route' && sailing
        ? { pol: sailing.pol, pod: sailing.pod, carrier: sailing.carrier, sailingDate: sailing.sailingDate }
        : {}),
    };
    await save(
      requestPlanChange(plan.key, body),
      (data) => `变更申请 ${data.key} 已提交，等待单证员审核`,
      () => {
        onSaved();
      },
    );
  };

  const ports = (dict?.ports ?? []).map((p) => ({ value: p.code, label: portText(dict?.ports ?? [], p.code) }));
  const sailingOptions = sailings
    .filter((p) => !(p.sailingDate === plan.etd && p.carrier === plan.carrier && p.pol === plan.pol && p.pod === plan.pod))
    .map((p) => ({
      value: p.key,
      label: `${p.sailingDate} ${carrierText(dict?.carriers ?? [], p.carrier)} ${priceText(p.amount, p.currency)}（${spaceLabels[p.space]}）`,
    }));

  return (
    <FormDialog<Values>
      open={open}
      width={640}
      title={`申请变更：${plan.key}`}
      okText="提交变更申请"
      onCancel={onClose}
      form={form}
      saving={saving}
      notice={notice}
      onFinish={submit}
      initialValues={{ changeType: 'quantity', quantity: plan.quantity }}
    >
      <Form.Item name="changeType" label="变更类型">
        <Radio.Group optionType="button" options={changeTypes.map((value) => ({ value, label: changeTypeLabels[value] }))} />
      </Form.Item>
      {changeType === 'quantity' ? (
        <Form.Item
          name="quantity"
          label={`新柜量（当前 ${plan.quantity}）`}
          rules={[{ required: true, message: '请输入新柜量' }]}
        >
          <InputNumber min={1} max={planLimits.maxQuantity} precision={0} addonAfter="柜" />
        </Form.Item>
      ) : null}
      {changeType === 'containerType' ? (
        <Form.Item
          name="containerType"
          label={`新箱型（当前 ${plan.containerType}）`}
          rules={[{ required: true, message: '请选择新箱型' }]}
        >
          <Select
            style={{ width: 160 }}
            options={containerTypes.filter((t) => t !== plan.containerType).map((value) => ({ value, label: value }))}
          />
        </Form.Item>
      ) : null}
      {changeType === 'route' ? (
        <Space>
          <Form.Item name="pol" label="新起运港" initialValue={plan.pol}>
            <Select style={{ width: 180 }} showSearch optionFilterProp="label" options={ports} />
          </Form.Item>
          <Form.Item name="pod" label="新目的港" initialValue={plan.pod}>
            <Select style={{ width: 180 }} showSearch optionFilterProp="label" options={ports} />
          </Form.Item>
        </Space>
      ) : null}
      {changeType === 'sailing' || changeType === 'route' ? (
        <Form.Item name="sailing" label={`新船期（当前 ${plan.etd}）`} rules={[{ required: true, message: '请选择新船期' }]}>
          <Select options={sailingOptions} notFoundContent="该航线近两个月没有可订舱的船期" />
        </Form.Item>
      ) : null}
      {changeType === 'containerType' && form.getFieldValue('containerType') && !target ? (
        <Alert type="warning" showIcon style={{ marginBlockEnd: 16 }} message="该船期没有这个箱型的运价，无法变更箱型" />
      ) : null}
      {diff ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBlockEnd: 16 }}
          message={`按新船期当前运价 ${priceText(diff.newAmount, diff.currency)}/柜，差额 ${diff.perContainer >= 0 ? '+' : '−'}${priceText(Math.abs(diff.perContainer), diff.currency)}/柜，合计 ${diff.total >= 0 ? '+' : '−'}${priceText(Math.abs(diff.total), diff.currency)}`}
          description="批准时按当时的运价重新锁定。"
        />
      ) : null}
      {changeType === 'cancel' ? (
        <Alert type="warning" showIcon style={{ marginBlockEnd: 16 }} message="批准后计划及其订舱单将被取消。" />
      ) : null}
      <Form.Item name="reason" label="变更原因" rules={[{ required: true, whitespace: true, message: '请填写变更原因' }]}>
        <Input maxLength={planLimits.reasonMax} showCount />
      </Form.Item>
    </FormDialog>
  );
}
