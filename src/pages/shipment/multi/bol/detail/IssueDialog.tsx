import DateInput from '@/components/DateField/DateInput';
import FormDialog from '@/components/FormDialog';
import { patchBol, queryBol } from '@/services/bol';
import { useFormSave } from '@/utils/useFormSave';
import type { Bol } from '@contract/bol/schema';
import { onBoardDateOf, type LoadingFacts } from '@contract/bol/codes';
import { loadingFactsOf } from '@contract/tnt/codes';
import { queryTimeline } from '@/services/tnt';
import { useEffect, useState } from 'react';
import { chinaToday } from '@contract/plan/codes';
import { Form, Input, Typography } from 'antd';

interface Values {
  onBoardDate: string;
  onBoardReason?: string;
}

/**
 * 签发: a "Shipped on Board" B/L states the day the goods were loaded, so the clerk confirms it — the sailing's ETD
 * once it has come, or the carrier's loading day when they were loaded earlier; a day after today is refused.
 */
export default function IssueDialog({
  bol,
  open,
  onClose,
  onIssued,
}: {
  bol: Bol;
  open: boolean;
  onClose: () => void;
  onIssued: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const reread = () => queryBol(bol.key);
  const { saving, save, notice, version } = useFormSave(form, reread, bol.version, () => {
    onClose();
    onIssued();
  });
  const today = chinaToday();
  const facts = useLoadingFacts(bol);
  const onBoardDate = Form.useWatch('onBoardDate', form);
  const reasonNeeded = facts && onBoardDate ? onBoardDateOf(bol.etd, onBoardDate, today, facts).reasonNeeded : undefined;
  useEffect(() => {
    // The containers' actual load is the day to state, once known, unless the clerk has chosen one already.
    if (facts?.loadedOn && !form.isFieldTouched('onBoardDate')) form.setFieldsValue({ onBoardDate: facts.loadedOn });
  }, [facts, form]);
  return (
    <FormDialog<Values>
      open={open}
      title={`签发提单 ${bol.bolNo}`}
      okText="签发"
      cancelText="返回"
      onCancel={onClose}
      form={form}
      saving={saving}
      notice={notice}
      buttonOnly
      initialValues={{ onBoardDate: bol.etd <= today ? bol.etd : undefined }}
      onFinish={(values) =>
        save(
          patchBol(bol.key, {
            action: 'issue',
            onBoardDate: values.onBoardDate,
            ...(reasonNeeded ? { onBoardReason: values.onBoardReason } : {}),
            version: version ?? bol.version,
          }),
          `提单 ${bol.bolNo} 已签发，装船日期 ${values.onBoardDate}`,
          () => {
            onClose();
            onIssued();
          },
        )
      }
    >
      <Typography.Paragraph type="secondary">
        开船日期 {bol.etd}。签发后提单注明「Shipped on Board」及装船日期，明细转为已出运；货物装船后才能签发。
      </Typography.Paragraph>
      <Typography.Paragraph>
        货物跟踪：
        {facts === undefined
          ? '读取中…'
          : facts.loadedOn
            ? `本提单的柜已于 ${facts.loadedOn} 实际装船，装船日期按此填写。`
            : `尚无本提单各柜的实际装船记录${facts.departed ? '（船已实际离港）' : ''}。`}
      </Typography.Paragraph>
      <Form.Item
        name="onBoardDate"
        label="装船日期"
        rules={[
          { required: true, message: '请填写装船日期' },
          {
            validator: async (_, value?: string) => {
              const problem = value ? onBoardDateOf(bol.etd, value, today).problem : undefined;
              if (problem) throw new Error(`${problem}（今天是 ${today}）`);
            },
          },
        ]}
      >
        <DateInput max={today} width={180} />
      </Form.Item>
      {reasonNeeded ? (
        <Form.Item
          name="onBoardReason"
          label="装船说明"
          extra={reasonNeeded}
          rules={[{ required: true, whitespace: true, message: '请说明装船依据，将记入提单历史' }]}
        >
          <Input maxLength={200} placeholder="如：船公司 12/03 邮件确认已装船" />
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}

/** The B/L's loading facts from its plan's milestones; undefined while they load (or when they could not be read). */
function useLoadingFacts(bol: Bol) {
  const [facts, setFacts] = useState<LoadingFacts>();
  useEffect(() => {
    let current = true;
    queryTimeline(bol.planKey).then((timeline) => {
      if (!current || !timeline) return;
      const numbers = bol.containers.flatMap((box) => (box.containerNo ? [box.containerNo] : []));
      setFacts(loadingFactsOf(timeline.milestones, bol.pol, numbers));
    });
    return () => {
      current = false;
    };
  }, [bol]);
  return facts;
}
