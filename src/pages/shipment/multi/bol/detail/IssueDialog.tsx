import DateInput from '@/components/DateField/DateInput';
import FormDialog from '@/components/FormDialog';
import { patchBol, queryBol } from '@/services/bol';
import { useFormSave } from '@/utils/useFormSave';
import type { Bol } from '@contract/bol/schema';
import { onBoardDateOf } from '@contract/bol/codes';
import { chinaToday } from '@contract/plan/codes';
import { Form, Typography } from 'antd';

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
  const [form] = Form.useForm<{ onBoardDate: string }>();
  const reread = () => queryBol(bol.key);
  const { saving, save, notice, version } = useFormSave(form, reread, bol.version, () => {
    onClose();
    onIssued();
  });
  const today = chinaToday();
  return (
    <FormDialog<{ onBoardDate: string }>
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
      onFinish={({ onBoardDate }) =>
        save(
          patchBol(bol.key, { action: 'issue', onBoardDate, version: version ?? bol.version }),
          `提单 ${bol.bolNo} 已签发，装船日期 ${onBoardDate}`,
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
    </FormDialog>
  );
}
