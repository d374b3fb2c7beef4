import type { BatchChangePayload, PackingModelState, PackingResult } from '@/models/packing';
import type { BulkLine } from '@contract/bulk';
import { bulkFieldLabels as labels, bulkLimits, bulkTypeLabels, bulkTypes } from '@contract/bulkCodes';
import { ModalForm, ProFormDatePicker, ProFormDigit, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { Form, Typography, message } from 'antd';
import { useDispatch, useSelector } from 'umi';

type Changes = BatchChangePayload['changes'];

interface BatchEditModalProps {
  open: boolean;
  keys: string[];
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
export default function BatchEditModal({ open, keys, onOpenChange, onSaved }: BatchEditModalProps) {
  const [form] = Form.useForm();
  const dispatch = useDispatch();
  const factories = useSelector((state: { packing: PackingModelState }) => state.packing.factories);

  const onFinish = async (values: Record<string, unknown>) => {
    const changes = filledChanges(values);
    if (Object.keys(changes).length === 0) {
      message.warning('请至少填写一个要修改的字段');
      return false;
    }
    if (changes.nwPerCtn !== undefined && changes.gwPerCtn !== undefined && changes.gwPerCtn < changes.nwPerCtn) {
      form.setFields([{ name: 'gwPerCtn', errors: ['毛重不能小于净重'] }]);
      return false;
    }
    const result = (await dispatch({ type: 'packing/batchUpdate', payload: { keys, changes } })) as unknown as PackingResult<BulkLine[]>;
    if (!result.ok) {
      const fields = result.error?.fields ?? {};
      form.setFields(Object.entries(fields).map(([name, error]) => ({ name, errors: [error] })));
      return false;
    }
    message.success(`已修改 ${result.data.length} 条明细`);
    onSaved();
    return true;
  };

  return (
    <ModalForm
      title="批量修改"
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      // Prefixes the field ids: the list's search form has fields of the same names.
      name="bulkBatch"
      width={640}
      grid
      rowProps={{ gutter: 16 }}
      colProps={{ span: 12 }}
      modalProps={{ destroyOnHidden: true }}
      onFinish={onFinish}
    >
      <Typography.Paragraph type="secondary" style={{ width: '100%', paddingInline: 8 }}>
        将修改所选的 {keys.length} 条明细；留空的字段保持不变。改动每箱重量或外箱尺寸时，合计随之重算。
      </Typography.Paragraph>
      <ProFormText name="destination" label={labels.destination} fieldProps={{ maxLength: 64 }} />
      <ProFormDatePicker name="exFactoryDate" label={labels.exFactoryDate} fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' } }} />
      <ProFormSelect
        name="factoryCode"
        label={labels.factoryCode}
        showSearch
        options={factories.map((factory) => ({ value: factory.code, label: `${factory.code} ${factory.name}` }))}
      />
      <ProFormSelect
        name="type"
        label={labels.type}
        options={bulkTypes.map((type) => ({ value: type, label: bulkTypeLabels[type] }))}
      />
      <ProFormDigit name="nwPerCtn" label={labels.nwPerCtn} min={0.001} max={bulkLimits.maxWeightPerCartonKg} fieldProps={{ precision: bulkLimits.weightDecimals }} />
      <ProFormDigit name="gwPerCtn" label={labels.gwPerCtn} min={0.001} max={bulkLimits.maxWeightPerCartonKg} fieldProps={{ precision: bulkLimits.weightDecimals }} />
      <ProFormDigit name="ctnL" label={labels.ctnL} colProps={{ span: 8 }} min={0.1} max={bulkLimits.maxCartonSideCm} fieldProps={{ precision: bulkLimits.sideDecimals }} />
      <ProFormDigit name="ctnW" label={labels.ctnW} colProps={{ span: 8 }} min={0.1} max={bulkLimits.maxCartonSideCm} fieldProps={{ precision: bulkLimits.sideDecimals }} />
      <ProFormDigit name="ctnH" label={labels.ctnH} colProps={{ span: 8 }} min={0.1} max={bulkLimits.maxCartonSideCm} fieldProps={{ precision: bulkLimits.sideDecimals }} />
    </ModalForm>
  );
}
