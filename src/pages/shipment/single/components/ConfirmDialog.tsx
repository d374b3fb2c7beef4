import FormDialog from '@/components/FormDialog';
import { queryLooseBooking, updateLooseBooking } from '@/services/loose';
import { useFormSave } from '@/utils/useFormSave';
import type { LooseBooking } from '@contract/loose/schema';
import { looseFieldLabels as labels } from '@contract/loose/codes';
import { Form, Input } from 'antd';

/** 确认散货订舱: the clerk gives the warehouse entry number (进仓编号) the forwarder assigned. */
export default function ConfirmDialog({ booking, onClose }: { booking?: LooseBooking; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<{ warehouseEntryNo: string }>();
  const reread = booking && (() => queryLooseBooking(booking.key));
  const { saving, save, notice, version } = useFormSave(form, reread, booking?.version, () => onClose(true));
  return (
    <FormDialog
      open={!!booking}
      title={`确认散货订舱 ${booking?.key ?? ''}`}
      okText="确认"
      cancelText="返回"
      onCancel={() => onClose(false)}
      form={form}
      saving={saving}
      notice={notice}
      onFinish={({ warehouseEntryNo }) =>
        booking &&
        save(
          updateLooseBooking(booking.key, { status: 'CONFIRMED', warehouseEntryNo, version: version ?? booking.version }),
          `散货订舱 ${booking.key} 已确认，进仓编号 ${warehouseEntryNo}`,
          () => onClose(true),
        )
      }
    >
      <Form.Item name="warehouseEntryNo" label={labels.warehouseEntryNo} rules={[{ required: true, message: '请填写进仓编号' }]}>
        <Input maxLength={60} />
      </Form.Item>
    </FormDialog>
  );
}
