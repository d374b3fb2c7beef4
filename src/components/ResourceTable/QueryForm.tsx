import { Button, Form, Space } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * The query form above a list, in one line: the page's fields (Form.Items), then 查询 and 重置. It hands the
 * filled fields to `onSearch` (empty ones left out), which the page gives to ResourceTable as its filters.
 */
export default function QueryForm<F extends object>({
  onSearch,
  initialValues,
  children,
}: {
  onSearch: (filters: F) => void;
  /** The filters the list opened with (useLinkedFilters). */
  initialValues?: F;
  children: ReactNode;
}) {
  const [form] = Form.useForm();
  // Shown once, when the page opens, and not as the form's initial values: 重置 empties the form.
  const [opened] = useState(initialValues);
  useEffect(() => {
    if (opened) form.setFieldsValue(opened);
  }, [form, opened]);
  const submit = () => {
    const values: Record<string, unknown> = form.getFieldsValue();
    onSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '' && v !== false)) as F);
  };
  return (
    <Form form={form} layout="inline" style={{ marginBlockEnd: 16 }} onFinish={submit}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit();
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
