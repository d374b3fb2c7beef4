import { addContainer, queryContainer, updateContainer } from '@/services/container';
import { useFormSave } from '@/utils/useFormSave';
import type { Container } from '@contract/container/schema';
import { containerFieldLabels as labels, containerNoProblem } from '@contract/container/codes';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';

interface Values {
  containerNo?: string;
  sealNo?: string;
  tareKg?: number | null;
  vgmKg?: number | null;
}

/** A container's number (checked as ISO 6346 while typed), seal, tare and VGM; a new one or one of the plan's. */
export default function ContainerDialog({
  open,
  planKey,
  container,
  onClose,
  onSaved,
  unscanned,
}: {
  open: boolean;
  planKey: string;
  container?: Container;
  /** The cartons loaded but not scanned in (the container page's count), warned of before the seal closes it. */
  unscanned?: { cartons: number; text: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const reread = container && (() => queryContainer(container.key));
  const { saving, save, notice, version } = useFormSave(form, reread, container?.version, onSaved);
  const sealNo = Form.useWatch('sealNo', form);
  const sealing = !container?.sealNo && !!sealNo?.trim();
  const warnUnscanned = sealing && !!unscanned?.cartons;
  const submit = async (values: Values) => {
    const body = {
      containerNo: values.containerNo?.trim() || null,
      sealNo: values.sealNo?.trim() || null,
      tareKg: values.tareKg ?? null,
      vgmKg: values.vgmKg ?? null,
    };
    const call = container
      ? updateContainer(planKey, container.key, { ...body, version: version ?? container.version })
      : addContainer(planKey, body);
    await save(
      call,
      (saved) => (container ? `已保存柜 ${saved.key}` : `已添加柜 ${saved.key}`),
      () => {
        onSaved();
      },
    );
  };
  const kg = { min: 1, max: 60000, precision: 0, addonAfter: 'kg', style: { width: 200 } };
  return (
    <Modal
      open={open}
      title={container ? `柜 ${container.key}` : '添加柜'}
      okText={warnUnscanned ? '仍要封柜' : '保存'}
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice}
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={container ?? {}}>
        <Form.Item
          name="containerNo"
          label={labels.containerNo}
          extra="船公司放柜后填写；可先留空。"
          normalize={(value: string) => value?.toUpperCase()}
          rules={[
            {
              validator: async (_, value?: string) => {
                const problem = value?.trim() ? containerNoProblem(value.trim()) : undefined;
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input maxLength={11} placeholder="如 CSQU3054383" />
        </Form.Item>
        <Form.Item name="sealNo" label={labels.sealNo}>
          <Input maxLength={30} />
        </Form.Item>
        {warnUnscanned && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBlockEnd: 16 }}
            message={`还有 ${unscanned.cartons} 箱未扫描装柜，封柜前请确认已全部装入`}
            description={unscanned.text}
          />
        )}
        <Form.Item name="tareKg" label={labels.tareKg}>
          <InputNumber {...kg} />
        </Form.Item>
        <Form.Item name="vgmKg" label={labels.vgmKg}>
          <InputNumber {...kg} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
