import { createBol } from '@/services/bol';
import { queryOpenContainers } from '@/services/container';
import { outcomeOf } from '@/utils/request';
import { showRefusal } from '@/utils/formErrors';
import type { Bol } from '@contract/bol/schema';
import { freightTermLabels, freightTerms } from '@contract/bol/codes';
import type { OpenContainer } from '@contract/container/schema';
import CheckList from '@/components/CheckList';
import { Alert, Form, Input, message, Modal, Select, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { formatCbm, formatKg } from '../../packing/format';

interface Values {
  planKey?: string;
  containerKeys: string[];
  hsCode?: string;
  freightTerm: 'PREPAID' | 'COLLECT';
}

/**
 * 新建提单 (clerk): a plan with loaded boxes not on a B/L yet, the boxes to put on it; parties, route, vessel
 * and cargo come from the server (the OSB factory, the customer's last B/L, the booking order, the lines).
 */
export default function CreateBolDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (bol: Bol) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [boxes, setBoxes] = useState<OpenContainer[]>();
  const [saving, setSaving] = useState(false);
  const planKey = Form.useWatch('planKey', form);
  useEffect(() => {
    if (!open) return;
    queryOpenContainers({ current: 1, pageSize: 100, unbilled: '1' }).then((page) => setBoxes(page?.data ?? []));
  }, [open]);
  const plans = useMemo(() => [...new Set((boxes ?? []).map((box) => box.planKey))], [boxes]);
  const ofPlan = (boxes ?? []).filter((box) => box.planKey === planKey);

  const submit = async (values: Values) => {
    setSaving(true);
    const created = await outcomeOf(
      createBol({
        containerKeys: values.containerKeys,
        freightTerm: values.freightTerm,
        ...(values.hsCode ? { hsCode: values.hsCode } : {}),
      }),
    );
    setSaving(false);
    if (created.ok) {
      message.success(`已起草提单 ${created.data.bolNo}`);
      onCreated(created.data);
    } else showRefusal(form, created.error);
  };

  return (
    <Modal
      open={open}
      title="新建提单"
      okText="生成草稿"
      cancelText="返回"
      width={640}
      confirmLoading={saving}
      okButtonProps={{ disabled: !boxes?.length }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {!boxes ? (
        <Spin />
      ) : boxes.length === 0 ? (
        <Alert type="info" showIcon message="没有可出提单的柜：柜须已装货、其计划已订舱，且不在其他提单上。" />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ containerKeys: [], freightTerm: 'PREPAID' }}>
          <Form.Item name="planKey" label="订舱计划" rules={[{ required: true, message: '请选择订舱计划' }]}>
            <Select
              options={plans.map((key) => {
                const first = (boxes ?? []).find((box) => box.planKey === key)!;
                return { value: key, label: `${key}（${first.carrier}，目的港 ${first.pod}，开船 ${first.etd}）` };
              })}
              onChange={() => form.setFieldValue('containerKeys', [])}
            />
          </Form.Item>
          <Form.Item name="containerKeys" label="柜" rules={[{ required: true, type: 'array', min: 1, message: '请选择柜' }]}>
            <CheckList
              vertical
              options={ofPlan.map((box) => ({
                value: box.key,
                label: `${box.containerNo ?? box.key}（${box.containerType}，封号 ${box.sealNo ?? '未填'}）${box.lineCount} 条明细，${formatCbm(box.cbmUsed)} m³，${formatKg(box.weightUsed)} kg`,
              }))}
            />
          </Form.Item>
          <Space size="large">
            <Form.Item
              name="hsCode"
              label="HS 编码（可稍后填写）"
              rules={[{ pattern: /^\d{6,10}$/, message: 'HS 编码为 6–10 位数字' }]}
            >
              <Input style={{ width: 200 }} maxLength={10} />
            </Form.Item>
            <Form.Item name="freightTerm" label="运费条款">
              <Select
                style={{ width: 120 }}
                options={freightTerms.map((value) => ({ value, label: freightTermLabels[value] }))}
              />
            </Form.Item>
          </Space>
        </Form>
      )}
    </Modal>
  );
}
