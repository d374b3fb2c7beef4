import type { LookupsModelState } from '@/models/lookups';
import type { BulkLine, BulksListPatch } from '@contract/packing/schema';
import { bulkFieldLabels as labels, bulkTypeLabels, bulkTypes } from '@contract/packing/codes';
import { Col, Form, Input, Modal, Row, Select, Typography, message } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSelector } from 'umi';
import { batchChange } from '../lineActions';
import DateInput from '@/components/DateField/DateInput';
import FactorySelect from './FactorySelect';
import { CartonSideInput, WeightInput } from './lineInputs';

type Changes = BulksListPatch['changes'];

interface BatchEditModalProps {
  open: boolean;
  lines: BulkLine[];
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** Only the fields the user filled in are changed; the rest of each line stays as it is. */
function filledChanges(values: Record<string, unknown>): Changes {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Changes;
}

/** 批量修改: one change for every selected line, all or nothing (PATCH …/bulkdata/ or /v1/bulkslist). */
export default function BatchEditModal({ open, lines, onOpenChange, onSaved }: BatchEditModalProps) {
  const [form] = Form.useForm();
  const factories = useSelector((state: { lookups: LookupsModelState }) => state.lookups.factories);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Record<string, unknown>) => {
    const changes = filledChanges(values);
    if (Object.keys(changes).length === 0) {
      message.warning('请至少填写一个要修改的字段');
      return;
    }
    if (changes.nwPerCtn !== undefined && changes.gwPerCtn !== undefined && changes.gwPerCtn < changes.nwPerCtn) {
      form.setFields([{ name: 'gwPerCtn', errors: ['毛重不能小于净重'] }]);
      return;
    }
    setSaving(true);
    const result = await batchChange(lines, changes);
    setSaving(false);
    if (!result.ok) {
      const fields = result.error?.fields ?? {};
      form.setFields(Object.entries(fields).map(([name, error]) => ({ name, errors: [error] })));
      return;
    }
    message.success(`已修改 ${result.data.length} 条明细`);
    onSaved();
  };

  /** A field in the dialog's two-column grid. */
  const cell = (item: ReactNode, span = 12) => <Col span={span}>{item}</Col>;

  return (
    <Modal
      title="批量修改"
      open={open}
      width={640}
      destroyOnHidden
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={() => onOpenChange(false)}
    >
      <Form
        form={form}
        // Prefixes the field ids: the list's filter form has fields of the same names.
        name="bulkBatch"
        layout="vertical"
        // A new opening starts empty, not with what was typed last time.
        clearOnDestroy
        onFinish={onFinish}
      >
        <Typography.Paragraph type="secondary">
          将修改所选的 {lines.length} 条明细；留空的字段保持不变。改动每箱重量或外箱尺寸时，合计随之重算。
        </Typography.Paragraph>
        <Row gutter={16}>
          {cell(
            <Form.Item name="destination" label={labels.destination}>
              <Input placeholder="请输入" maxLength={64} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="exFactoryDate" label={labels.exFactoryDate}>
              <DateInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="factoryCode" label={labels.factoryCode}>
              <FactorySelect factories={factories} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="type" label={labels.type}>
              <Select
                placeholder="请选择"
                allowClear
                options={bulkTypes.map((type) => ({ value: type, label: bulkTypeLabels[type] }))}
              />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="nwPerCtn" label={labels.nwPerCtn}>
              <WeightInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="gwPerCtn" label={labels.gwPerCtn}>
              <WeightInput />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="ctnL" label={labels.ctnL}>
              <CartonSideInput />
            </Form.Item>,
            8,
          )}
          {cell(
            <Form.Item name="ctnW" label={labels.ctnW}>
              <CartonSideInput />
            </Form.Item>,
            8,
          )}
          {cell(
            <Form.Item name="ctnH" label={labels.ctnH}>
              <CartonSideInput />
            </Form.Item>,
            8,
          )}
        </Row>
      </Form>
    </Modal>
  );
}
