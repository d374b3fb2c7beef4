import type { BulkLine } from '@contract/packing/schema';
import { mergeCompatible, mergeLines } from '@contract/packing/rules';
import { Alert, Modal, Space, Typography, message } from 'antd';
import { useState } from 'react';
import { formatCartonRange, formatCbm, formatKg, formatQty } from '../format';
import { mergeLines as saveMerge } from '../lineActions';

interface MergeModalProps {
  open: boolean;
  lines: BulkLine[];
  onClose: () => void;
  onSaved: () => void;
}

/** 合并: the same check as the server tells why lines cannot merge before anything is sent. */
export default function MergeModal({ open, lines, onClose, onSaved }: MergeModalProps) {
  const [saving, setSaving] = useState(false);
  if (!open) return null;
  const check = mergeCompatible(lines);
  const merged = check.ok ? mergeLines(lines) : undefined;

  const onOk = async () => {
    setSaving(true);
    const result = await saveMerge(lines);
    setSaving(false);
    if (!result.ok) return;
    message.success(`已合并为明细 ${result.data.key}`);
    onSaved();
  };

  return (
    <Modal
      title={`合并 ${lines.length} 条明细`}
      open
      okText="合并"
      onOk={onOk}
      onCancel={onClose}
      okButtonProps={{ disabled: !check.ok, loading: saving }}
      destroyOnHidden
    >
      {check.ok && merged ? (
        <Space direction="vertical">
          <Typography.Text>
            合并后保留明细 {merged.key}：PO {merged.poNo}，箱号 {formatCartonRange(merged.cartonFrom, merged.cartonTo)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {formatQty(merged.cartonCount)} 箱，{formatQty(merged.totalQty)} 件，毛重 {formatKg(merged.totalGw)} kg，
            {formatCbm(merged.cbm)} m³
          </Typography.Text>
        </Space>
      ) : (
        <Alert type="warning" showIcon message="所选明细不能合并" description={check.ok ? undefined : check.reason} />
      )}
    </Modal>
  );
}
