/**
 * 录入节点 / 更正节点: a container's or the sailing's milestone — what, planned / estimated / actual, the day and
 * time on China's clock (the ports' and the schedule's, whatever the browser's zone), the port and the container.
 * A correction keeps the one it corrects, marked.
 */
import DateInput from '@/components/DateField/DateInput';
import FormDialog from '@/components/FormDialog';
import { enterMilestone } from '@/services/tnt';
import { useFormSave } from '@/utils/useFormSave';
import { chinaDateTime } from '@contract/shared/chinaTime';
import {
  equipmentEventCodes,
  equipmentEventLabels,
  eventClassifierLabels,
  eventClassifiers,
  milestoneLabel,
  transportEventCodes,
  transportEventLabels,
  tntEventTypeLabels,
  type EventClassifier,
} from '@contract/tnt/codes';
import type { Milestone, Timeline } from '@contract/tnt/schema';
import { AutoComplete, Form, Input, Radio, Select, Typography } from 'antd';

interface Values {
  eventType: 'EQUIPMENT' | 'TRANSPORT';
  code: string;
  classifier: EventClassifier;
  day: string;
  time: string;
  location: string;
  equipmentReference?: string;
  remark?: string;
}

const codeOptions: Record<Values['eventType'], { value: string; label: string }[]> = {
  EQUIPMENT: equipmentEventCodes.map((code) => ({ value: code, label: `${equipmentEventLabels[code]} ${code}` })),
  TRANSPORT: transportEventCodes.map((code) => ({ value: code, label: `${transportEventLabels[code]} ${code}` })),
};

/** China's day and time of an instant: 2026-12-03, 14:00. */
const chinaParts = (instant: string) => {
  const [day, time] = chinaDateTime(instant).split(' ');
  return { day, time };
};

export default function MilestoneDialog({
  open,
  timeline,
  containers,
  correcting,
  onClose,
  onSaved,
}: {
  open: boolean;
  timeline: Timeline;
  containers: readonly string[];
  correcting?: Milestone;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const eventType = Form.useWatch('eventType', form) ?? correcting?.eventType ?? 'EQUIPMENT';
  const { saving, save, notice } = useFormSave(form);
  const initialValues: Partial<Values> = correcting
    ? {
        eventType: correcting.eventType === 'TRANSPORT' ? 'TRANSPORT' : 'EQUIPMENT',
        code: correcting.code,
        classifier: correcting.classifier,
        ...chinaParts(correcting.eventDateTime),
        location: correcting.location,
        equipmentReference: correcting.equipmentReference,
      }
    : { eventType: 'EQUIPMENT', classifier: 'ACT', location: timeline.pol, equipmentReference: containers[0], time: '08:00' };

  const onFinish = (values: Values) =>
    save(
      enterMilestone({
        planKey: timeline.planKey,
        eventType: values.eventType,
        code: values.code as never,
        classifier: values.classifier,
        eventDateTime: `${values.day}T${values.time}:00+08:00`,
        location: values.location.trim().toUpperCase(),
        ...(values.eventType === 'EQUIPMENT' ? { equipmentReference: values.equipmentReference } : {}),
        ...(values.remark?.trim() ? { remark: values.remark.trim() } : {}),
        ...(correcting ? { supersedes: correcting.eventID } : {}),
      }),
      (saved) => `已录入${milestoneLabel(saved.eventType, saved.code)}（${eventClassifierLabels[saved.classifier]}）`,
      () => {
        onClose();
        onSaved();
      },
    );

  return (
    <FormDialog<Values>
      title={correcting ? `更正节点：${milestoneLabel(correcting.eventType, correcting.code)}` : '录入节点'}
      open={open}
      form={form}
      saving={saving}
      notice={notice}
      initialValues={initialValues}
      onFinish={onFinish}
      onCancel={onClose}
    >
      {correcting ? (
        <Typography.Paragraph type="secondary">
          原记录：{eventClassifierLabels[correcting.classifier]} {chinaDateTime(correcting.eventDateTime)} {correcting.location}
          。保存后原记录保留并标为已更正。
        </Typography.Paragraph>
      ) : null}
      <Form.Item name="eventType" label="类别">
        <Radio.Group
          optionType="button"
          options={(['EQUIPMENT', 'TRANSPORT'] as const).map((value) => ({ value, label: tntEventTypeLabels[value] }))}
          onChange={() => form.setFieldsValue({ code: undefined })}
        />
      </Form.Item>
      <Form.Item name="code" label="节点" rules={[{ required: true, message: '请选择节点' }]}>
        <Select options={codeOptions[eventType]} placeholder="请选择节点" />
      </Form.Item>
      <Form.Item name="classifier" label="计划 / 预计 / 实际">
        <Radio.Group
          optionType="button"
          options={eventClassifiers.map((value) => ({ value, label: eventClassifierLabels[value] }))}
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="day" label="日期（中国时间）" rules={[{ required: true, message: '请选择日期' }]} style={{ flex: 1 }}>
          <DateInput />
        </Form.Item>
        <Form.Item
          name="time"
          label="时:分"
          rules={[
            { required: true, message: '请填写时间' },
            { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: '时间格式为 时:分，如 08:30' },
          ]}
          style={{ width: 120 }}
        >
          <Input placeholder="08:30" />
        </Form.Item>
      </div>
      <Form.Item
        name="location"
        label="地点（UN/LOCODE）"
        rules={[
          { required: true, message: '请填写港口代码' },
          { pattern: /^[A-Za-z]{2}[A-Za-z2-9]{3}$/, message: '港口代码应为 5 位 UN/LOCODE，如 CNSHA' },
        ]}
      >
        <AutoComplete options={[...new Set([timeline.pol, timeline.pod])].map((value) => ({ value }))} placeholder="CNSHA" />
      </Form.Item>
      {eventType === 'EQUIPMENT' ? (
        <Form.Item name="equipmentReference" label="柜号" rules={[{ required: true, message: '请选择柜号' }]}>
          <Select options={containers.map((value) => ({ value, label: value }))} placeholder="请选择柜号" />
        </Form.Item>
      ) : null}
      <Form.Item name="remark" label="备注" rules={[{ max: 250, message: '备注最多 250 字' }]}>
        <Input placeholder={correcting ? '更正原因，如：码头更正装船时间' : '可不填'} />
      </Form.Item>
    </FormDialog>
  );
}
