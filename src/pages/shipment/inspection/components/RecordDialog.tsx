import CheckList from '@/components/CheckList';
import FormDialog from '@/components/FormDialog';
import { createInspection, queryCalibrations, recordCalibration } from '@/services/inspection';
import { queryBulkLine } from '@/services/packing';
import { formatDateTime } from '@/utils/date';
import { useFormSave } from '@/utils/useFormSave';
import type { Calibration, InspectionCreate, QueueGroup } from '@contract/inspection/schema';
import {
  calibrationValid,
  fragmentTypeLabels,
  fragmentTypes,
  inspectionFieldLabels as labels,
  inspectionLimits,
  inspectionModeLabels,
  inspectionModes,
  sampleSizeFor,
} from '@contract/inspection/codes';
import { inspectionResultLabels, inspectionResults } from '@contract/packing/codes';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, AutoComplete, Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { formatCartonRange, formatQty } from '../../packing/format';

type FormValues = Omit<InspectionCreate, 'versions'>;

/** Records the inspection of a PO's waiting lines; a detector must have been calibrated within the hour. */
export default function RecordDialog({
  group,
  onClose,
  onSaved,
}: {
  group?: QueueGroup;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  // The lot's lines as last read: the queue's, or read again after another write on one of them (a 409).
  const [readLines, setReadLines] = useState<QueueGroup['lines']>();
  const lines = readLines ?? group?.lines ?? [];
  const reread =
    group &&
    (async () => {
      const read = await Promise.all(group.lines.map((line) => queryBulkLine(line.key)));
      setReadLines(read.filter((line) => line !== undefined));
      return {};
    });
  const { saving, save, notice } = useFormSave(form, reread, undefined, onSaved);
  const [calibrations, setCalibrations] = useState<Calibration[]>([]);
  const [sensitivity, setSensitivity] = useState(1.0);
  const lineKeys: string[] = Form.useWatch('lineKeys', form) ?? [];
  const mode = Form.useWatch('mode', form);
  const detectorId: string = Form.useWatch('detectorId', form) ?? '';

  const loadCalibrations = () => queryCalibrations().then((list) => list && setCalibrations(list));
  useEffect(() => {
    loadCalibrations();
  }, []);
  // Each opening starts a new record: nothing of the one before is kept.
  useEffect(() => {
    if (!group) return;
    setReadLines(undefined);
    form.resetFields();
    form.setFieldsValue({ lineKeys: group.lines.map((line) => line.key) });
  }, [group, form]);

  const chosen = lines.filter((line) => lineKeys.includes(line.key));
  const lotQty = chosen.reduce((sum, line) => sum + line.totalQty, 0);
  const { letter, sampleSize } = sampleSizeFor(lotQty);
  const calibration = calibrations.find((c) => c.detectorId === detectorId.trim());
  const calibrated = calibration !== undefined && calibrationValid(calibration.calibratedAt);

  const calibrate = () =>
    save(
      recordCalibration({ detectorId: detectorId.trim(), sensitivityFeMm: sensitivity }),
      (calibration) => `验针机 ${calibration.detectorId} 已校准`,
      () => {
        loadCalibrations();
      },
    );

  const submit = (values: FormValues) => {
    const versions = Object.fromEntries(chosen.map((line) => [line.key, line.version]));
    save(
      createInspection({ ...values, detectorId: values.detectorId.trim(), versions }),
      (record) => `验针单 ${record.key} 已记录：${record.result === 'pass' ? '合格，明细转为待拼柜' : '不合格，已通知客户'}`,
      () => {
        onSaved();
      },
    );
  };

  return (
    <FormDialog<FormValues>
      open={group !== undefined}
      title={group ? `${group.failed ? '复验' : '验针'}：PO ${group.poNo}（${group.ownerName}）` : ''}
      width={760}
      okText="保存验针记录"
      okButtonProps={{ disabled: !calibrated || chosen.length === 0 }}
      onCancel={onClose}
      form={form}
      saving={saving}
      notice={notice}
      onFinish={submit}
      initialValues={{ mode: 'sample', alarmQty: 0, fragments: [], result: 'pass', remark: '' }}
    >
      <Form.Item name="lineKeys" label="本批明细" rules={[{ required: true, message: '请选择要验针的明细' }]}>
        <CheckList
          options={lines.map((line) => ({
            value: line.key,
            label: `${line.key} · ${line.styleNo} ${line.colour} · 箱号 ${formatCartonRange(line.cartonFrom, line.cartonTo)} · ${formatQty(line.totalQty)} 件`,
          }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="mode" label="检验方式">
            <Radio.Group options={inspectionModes.map((value) => ({ value, label: inspectionModeLabels[value] }))} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item label="批量与样本量">
            <span>
              批量 {formatQty(lotQty)} 件 ·{' '}
              {mode === 'full' ? `全检 ${formatQty(lotQty)} 件` : `样本量字码 ${letter}，至少抽检 ${formatQty(sampleSize)} 件`}
            </span>
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="detectorId" label="验针机编号" rules={[{ required: true, message: '请输入验针机编号' }]}>
        <AutoComplete options={calibrations.map((c) => ({ value: c.detectorId }))} placeholder="如 MD-01" />
      </Form.Item>
      {detectorId.trim() ? (
        <Alert
          type={calibrated ? 'success' : 'warning'}
          showIcon
          style={{ marginBlockEnd: 16 }}
          message={
            calibrated
              ? `已于 ${formatDateTime(calibration.calibratedAt)} 用 ${calibration.sensitivityFeMm.toFixed(1)} mm 铁球校准（${calibration.calibratedByName}）`
              : `验针机 ${detectorId.trim()} 最近 ${inspectionLimits.calibrationWindowMinutes} 分钟内没有校准，不能记录验针`
          }
          description={
            calibrated ? undefined : (
              <Space>
                测试铁球
                <InputNumber
                  aria-label="测试铁球直径"
                  min={inspectionLimits.minSensitivityFeMm}
                  max={inspectionLimits.maxSensitivityFeMm}
                  step={0.1}
                  value={sensitivity}
                  onChange={(value) => setSensitivity(value ?? 1.0)}
                  addonAfter="mm Fe"
                />
                <Button onClick={calibrate}>记录校准</Button>
              </Space>
            )
          }
        />
      ) : null}
      <Row gutter={16}>
        {(['inspectedQty', 'passedQty', 'alarmQty'] as const).map((name) => (
          <Col span={8} key={name}>
            <Form.Item name={name} label={labels[name]} rules={[{ required: true, message: '请输入数量' }]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} addonAfter="件" />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.List name="fragments">
        {(fields, { add, remove }) => (
          <Form.Item label="发现的碎片">
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'type']} rules={[{ required: true, message: '请选择类型' }]}>
                  <Select
                    aria-label="碎片类型"
                    style={{ width: 120 }}
                    options={fragmentTypes.map((value) => ({ value, label: fragmentTypeLabels[value] }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'lengthMm']} rules={[{ required: true, message: '请输入长度' }]}>
                  <InputNumber aria-label="碎片长度" min={0.1} step={0.1} addonAfter="mm" />
                </Form.Item>
                <Form.Item name={[field.name, 'cartonNo']} rules={[{ required: true, message: '请输入箱号' }]}>
                  <InputNumber aria-label="碎片箱号" min={1} precision={0} addonBefore="第" addonAfter="箱" />
                </Form.Item>
                <MinusCircleOutlined aria-label="删除碎片" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 'brokenNeedle' })}>
              添加碎片
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="result" label="验针结果">
        <Radio.Group options={inspectionResults.map((value) => ({ value, label: inspectionResultLabels[value] }))} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input maxLength={inspectionLimits.remarkMax} />
      </Form.Item>
    </FormDialog>
  );
}
