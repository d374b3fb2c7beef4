/** 新建散货订舱: the customer's waiting 散货 lines to pick (one destination), live totals, forwarder and cut-off. */
import { queryBulkLines } from '@/services/packing';
import { createLooseBooking } from '@/services/loose';
import { useFormSave } from '@/utils/useFormSave';
import type { BulkLine } from '@contract/packing/schema';
import { looseFieldLabels as labels, looseTotals } from '@contract/loose/codes';
import { Alert, Descriptions, Form, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { formatCbm, formatKg, formatQty } from '../../packing/format';
import { lineColumns, type LineColumn } from '../../packing/lineColumns';
import DateInput from '@/components/DateField/DateInput';

type Terms = { forwarder: string; cfsCutOff: string; remark?: string };

const lineFields: LineColumn[] = [
  'poNo',
  'styleNo',
  'colour',
  'cartons',
  'cartonCount',
  'totalQty',
  'totalGw',
  'cbm',
  'destination',
];

export default function BookDialog({ open, onClose, onBooked }: { open: boolean; onClose: () => void; onBooked: () => void }) {
  const [form] = Form.useForm<Terms>();
  const [lines, setLines] = useState<BulkLine[]>();
  const [keys, setKeys] = useState<string[]>([]);
  const chosen = (lines ?? []).filter((line) => keys.includes(line.key));
  const destinations = [...new Set(chosen.map((line) => line.destination))];
  const totals = looseTotals(chosen);
  const load = async () => {
    const query = { type: 'single', status: 'pendingConsolidation', current: 1, pageSize: 500 } as const;
    setLines((await queryBulkLines(query))?.data ?? []);
  };
  // After a conflict the lines are read again: their new versions, the user's choice and terms kept.
  const { saving, save, notice } = useFormSave(form, async () => {
    await load();
    return {};
  });
  const submit = (terms: Terms) =>
    save(
      createLooseBooking({ ...terms, versions: Object.fromEntries(chosen.map((line) => [line.key, line.version])) }),
      (booked) => `散货订舱 ${booked.key} 已提交，等待单证员确认`,
      () => {
        onBooked();
        onClose();
      },
    );
  return (
    <Modal
      open={open}
      width={980}
      title="新建散货订舱"
      okText="提交订舱"
      cancelText="返回"
      confirmLoading={saving}
      okButtonProps={{ disabled: !chosen.length || destinations.length > 1 }}
      afterOpenChange={(visible) => visible && load()}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<BulkLine>
        size="small"
        rowKey="key"
        loading={!lines}
        dataSource={lines}
        pagination={false}
        scroll={{ y: 280 }}
        rowSelection={{ selectedRowKeys: keys, onChange: (selected) => setKeys(selected as string[]) }}
        locale={{ emptyText: '没有待拼柜的散货明细（须已验针通过）' }}
        columns={lineColumns<BulkLine>(lineFields)}
      />
      {destinations.length > 1 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={`一票散货只能有一个目的地，所选明细有：${destinations.join('、')}`}
        />
      )}
      <Descriptions size="small" column={5} style={{ margin: '12px 0' }}>
        <Descriptions.Item label={labels.destination}>{destinations[0] ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={labels.cartonCount}>{formatQty(totals.cartonCount)}</Descriptions.Item>
        <Descriptions.Item label={labels.totalQty}>{formatQty(totals.totalQty)}</Descriptions.Item>
        <Descriptions.Item label={labels.totalGw}>{formatKg(totals.totalGw)}</Descriptions.Item>
        <Descriptions.Item label={labels.cbm}>{formatCbm(totals.cbm)}</Descriptions.Item>
      </Descriptions>
      {notice}
      <Form<Terms> form={form} layout="inline" onFinish={submit}>
        <Form.Item name="forwarder" label={labels.forwarder} rules={[{ required: true, message: '请填写货代' }]}>
          <Input style={{ width: 180 }} maxLength={60} />
        </Form.Item>
        <Form.Item name="cfsCutOff" label={labels.cfsCutOff} rules={[{ required: true, message: '请选择截仓时间' }]}>
          <DateInput />
        </Form.Item>
        <Form.Item name="remark" label={labels.remark}>
          <Input style={{ width: 200 }} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
