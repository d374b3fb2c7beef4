/**
 * The clerk's handover record: the documents handed to the forwarder, the cartons counted against those booked
 * (a difference shown as it is typed), who handed over; then 交接. Or, once handed over, 入仓 with the note that
 * explains a difference. The server checks the same rules (contract/loose/codes.ts).
 */
import DocumentChecks from '@/components/DocumentChecks';
import { queryHandover, updateHandover } from '@/services/loose';
import { useFormSave } from '@/utils/useFormSave';
import type { HandoverUpdate, LooseBooking } from '@contract/loose/schema';
import {
  cartonDifference,
  differenceText,
  handoverDocumentLabels,
  handoverDocuments,
  looseFieldLabels as labels,
  type HandoverChecklist,
} from '@contract/loose/codes';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';

type Values = { documents: HandoverChecklist; cartonsHandedOver?: number; handedBy?: string; differenceNote?: string };

export default function HandoverDialog({ booking, onClose }: { booking?: LooseBooking; onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const reread = booking && (() => queryHandover(booking.key));
  const { saving, save, notice, version: readVersion } = useFormSave(form, reread, booking?.version, () => onClose(true));
  const receiving = booking?.status === 'HANDED_OVER';
  const counted = Form.useWatch('cartonsHandedOver', form) ?? booking?.cartonsHandedOver ?? null;
  const difference = booking ? cartonDifference(booking.cartonCount, counted) : null;
  const scanned = booking?.cartonsScanned ?? 0;
  // Cartons counted beyond the scans (no sticker) need the note at the handover already.
  const typedBeyondScans = !receiving && scanned > 0 && (counted ?? 0) > scanned;
  const submit = (values: Values) => {
    if (!booking) return;
    const version = readVersion ?? booking.version;
    const body: HandoverUpdate = receiving
      ? { differenceNote: values.differenceNote ?? '', status: 'RECEIVED', version }
      : {
          documents: values.documents,
          cartonsHandedOver: values.cartonsHandedOver,
          handedBy: values.handedBy ?? '',
          ...(typedBeyondScans ? { differenceNote: values.differenceNote ?? '' } : {}),
          status: 'HANDED_OVER',
          version,
        };
    save(updateHandover(booking.key, body), receiving ? `散货 ${booking.key} 已入仓` : `散货 ${booking.key} 已登记交接`, () =>
      onClose(true),
    );
  };
  return (
    <Modal
      open={!!booking}
      title={`${receiving ? '入仓' : '登记交接'} ${booking?.key ?? ''}`}
      okText={receiving ? '确认入仓' : '交接'}
      cancelText="返回"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      {notice}
      {booking && (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            documents: booking.documents as HandoverChecklist,
            cartonsHandedOver: booking.cartonsHandedOver ?? undefined,
            handedBy: booking.handedBy,
            differenceNote: booking.differenceNote,
          }}
        >
          {!receiving && (
            <>
              <Form.Item name="documents" label={labels.documents}>
                <DocumentChecks documents={handoverDocuments} labels={handoverDocumentLabels} />
              </Form.Item>
              <Form.Item
                name="cartonsHandedOver"
                label={`${labels.cartonsHandedOver}（订舱 ${booking.cartonCount} 箱${scanned ? `，已扫描 ${scanned} 箱` : ''}）`}
                extra={scanned ? '扫描的箱已计入；无箱贴的箱可在扫描数之上手工加计，并写明差异说明' : undefined}
              >
                <InputNumber min={scanned} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="handedBy" label={labels.handedBy}>
                <Input maxLength={60} />
              </Form.Item>
            </>
          )}
          {difference !== null && difference !== 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={`箱数差异：交接 ${counted} 箱，订舱 ${booking.cartonCount} 箱，${differenceText(difference)}`}
            />
          )}
          {(receiving || typedBeyondScans) && (
            <Form.Item name="differenceNote" label={labels.differenceNote}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
