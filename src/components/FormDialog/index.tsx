import { Form, Modal, type FormInstance, type ModalProps } from 'antd';
import type { ReactNode } from 'react';

interface FormDialogProps<V> extends Omit<ModalProps, 'onOk' | 'confirmLoading' | 'children'> {
  form: FormInstance<V>;
  /** While the save runs: the OK button spins and cannot be pressed again. */
  saving: boolean;
  onFinish: (values: V) => void;
  initialValues?: Partial<V>;
  /** Only the OK button submits, not Enter in a field: for a step that cannot be undone (签发). */
  buttonOnly?: boolean;
  /** What the last refused save said, above the fields (useFormSave's `notice`). */
  notice?: ReactNode;
  children: ReactNode;
}

/**
 * A dialog of one vertical form: OK submits it (its rules first), 取消 closes it, and a closed dialog keeps nothing
 * of what was typed. OK says 保存 unless `okText` says otherwise.
 */
export default function FormDialog<V>({
  form,
  saving,
  onFinish,
  initialValues,
  buttonOnly,
  notice,
  children,
  ...modal
}: FormDialogProps<V>) {
  // Enter in a form's only field submits it (the browser's implicit submission): stopped here, after the field's own use.
  return (
    <Modal okText="保存" cancelText="取消" confirmLoading={saving} onOk={() => form.submit()} destroyOnHidden {...modal}>
      {notice}
      <Form<V>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={initialValues}
        onKeyDown={buttonOnly ? (event) => event.key === 'Enter' && event.preventDefault() : undefined}
      >
        {children}
      </Form>
    </Modal>
  );
}
