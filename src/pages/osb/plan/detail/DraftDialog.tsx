import PlanFields from '../PlanFields';
import { queryPlan, updatePlan } from '@/services/plan';
import { useFormSave } from '@/utils/useFormSave';
import type { Plan } from '@contract/plan/schema';
import { Form, Modal } from 'antd';

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
  const reread = () => queryPlan(plan.key);
  const { saving, save, notice, version } = useFormSave(form, reread, plan.version, onSaved);
  const submit = async (values: Values) => {
    await save(
      updatePlan(plan.key, { ...values, version: version ?? plan.version }),
      () => `已保存计划 ${plan.key}`,
      () => {
        onSaved();
      },
    );
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
      {notice}
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={plan}>
        <PlanFields />
      </Form>
    </Modal>
  );
}
