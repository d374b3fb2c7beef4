import DateInput from '@/components/DateField/DateInput';
import { patchOrder, queryOrder } from '@/services/order';
import { useFormSave } from '@/utils/useFormSave';
import type { Order } from '@contract/order/schema';
import { orderFieldLabels as labels } from '@contract/order/codes';
import { Form, Input, Modal } from 'antd';

interface Values {
  carrierBookingNo: string;
  vessel: string;
  voyage: string;
  etd: string;
  eta: string;
}

/** 向船公司订舱: the carrier's booking number, vessel and voyage (and dates, when the carrier moved them). */
export default function BookOrderDialog({
  open,
  order,
  onClose,
  onSaved,
}: {
  open: boolean;
  order: Order;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const reread = () => queryOrder(order.key);
  const { saving, save, notice, version } = useFormSave(form, reread, order.version, onSaved);
  const submit = async (values: Values) => {
    await save(
      patchOrder(order.key, {
        action: 'book',
        carrierBookingNo: values.carrierBookingNo.trim(),
        vessel: values.vessel.trim(),
        voyage: values.voyage.trim(),
        ...(values.etd !== order.etd ? { etd: values.etd } : {}),
        ...(values.eta !== order.eta ? { eta: values.eta } : {}),
        version: version ?? order.version,
      }),
      (data) => `已订舱：${data.carrierBookingNo}，计划 ${order.planKey} 已确认并通知客户`,
      () => {
        onSaved();
      },
    );
  };
  return (
    <Modal
      open={open}
      title={`向船公司订舱：计划 ${order.planKey}`}
      okText="确认订舱"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice}
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ etd: order.etd, eta: order.eta }}>
        <Form.Item
          name="carrierBookingNo"
          label={labels.carrierBookingNo}
          rules={[{ required: true, whitespace: true, message: '请填写订舱号' }]}
        >
          <Input maxLength={30} placeholder="船公司的订舱号 / SO 号" />
        </Form.Item>
        <Form.Item name="vessel" label={labels.vessel} rules={[{ required: true, whitespace: true, message: '请填写船名' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="voyage" label={labels.voyage} rules={[{ required: true, whitespace: true, message: '请填写航次' }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="etd" label={labels.etd} extra="船公司改了船期时修改；截单、截关和 VGM 截止时间按此日期和截单规则计算。">
          <DateInput width={180} />
        </Form.Item>
        <Form.Item name="eta" label={labels.eta}>
          <DateInput width={180} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
