import type { BulkLine } from '@contract/packing/schema';
import { splitLine } from '@contract/packing/rules';
import { InputNumber, Modal, Space, Typography, message } from 'antd';
import { useEffect, useState } from 'react';
import { formatCartonRange, formatCbm, formatQty } from '../format';
import { splitLine as saveSplit } from '../lineActions';

interface SplitModalProps {
  line?: BulkLine;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * 拆分: the last n cartons become a new line; the preview uses the server's rule (contract/packing/rules). The input
 * does not clamp what is typed: the preview and the request always use the number shown, and a number out of
 * range disables 拆分 and says the range.
 */
export default function SplitModal({ line, onClose, onSaved }: SplitModalProps) {
  const [cartons, setCartons] = useState<number | null>(1);
  const [saving, setSaving] = useState(false);

  useEffect(() => setCartons(1), [line?.key]);

  if (!line) return null;
  const most = line.cartonCount - 1;
  const valid = cartons !== null && Number.isInteger(cartons) && cartons >= 1 && cartons <= most;
  const preview = valid ? splitLine(line, cartons) : undefined;

  const onOk = async () => {
    if (!valid) return;
    setSaving(true);
    const result = await saveSplit(line, cartons);
    setSaving(false);
    if (!result.ok) return;
    message.success(`已拆分为 ${result.data[0].key} 与 ${result.data[1].key}`);
    onSaved();
  };

  return (
    <Modal
      title={`拆分明细 ${line.key}`}
      open
      okText="拆分"
      onOk={onOk}
      onCancel={onClose}
      okButtonProps={{ disabled: !valid, loading: saving }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          箱号 {formatCartonRange(line.cartonFrom, line.cartonTo)}，共 {line.cartonCount} 箱。把最后
          <InputNumber<number>
            aria-label="拆出箱数"
            value={cartons}
            onChange={setCartons}
            status={valid || line.cartonCount < 2 ? undefined : 'error'}
            style={{ width: 96, marginInline: 8 }}
          />
          箱拆成新明细。
        </Typography.Text>
        {line.cartonCount < 2 ? (
          <Typography.Text type="danger">只有一箱的明细不能拆分</Typography.Text>
        ) : valid ? null : (
          <Typography.Text type="danger" role="alert">
            拆出箱数应为 1–{most} 的整数
          </Typography.Text>
        )}
        {preview ? (
          <Typography.Text type="secondary" data-testid="split-preview">
            原明细：箱号 {formatCartonRange(preview[0].cartonFrom, preview[0].cartonTo)}，{formatQty(preview[0].totalQty)} 件，
            {formatCbm(preview[0].cbm)} m³；新明细：箱号 {formatCartonRange(preview[1].cartonFrom, preview[1].cartonTo)}，
            {formatQty(preview[1].totalQty)} 件，{formatCbm(preview[1].cbm)} m³
          </Typography.Text>
        ) : null}
      </Space>
    </Modal>
  );
}
