import type { Bol } from '@contract/bol/schema';
import { releaseTypeLabels, releaseTypeProblem, releaseTypes, type ReleaseType } from '@contract/bol/codes';
import { Modal, Radio } from 'antd';
import { useState } from 'react';

/** 放单: how the B/L is released; a sea waybill only as 海运单, a bill of lading as 正本 or 电放. */
export default function ReleaseDialog({
  bol,
  open,
  onRelease,
  onClose,
}: {
  bol: Bol;
  open: boolean;
  onRelease: (releaseType: ReleaseType) => Promise<boolean>;
  onClose: () => void;
}) {
  const [releaseType, setReleaseType] = useState<ReleaseType>(bol.type === 'SWB' ? 'SEAWAY' : 'TELEX');
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      title={`放单 ${bol.bolNo}`}
      okText="放单"
      cancelText="返回"
      confirmLoading={saving}
      onOk={async () => {
        setSaving(true);
        const done = await onRelease(releaseType);
        setSaving(false);
        if (done) onClose();
      }}
      onCancel={onClose}
    >
      <Radio.Group value={releaseType} onChange={(event) => setReleaseType(event.target.value)}>
        {releaseTypes.map((value) => (
          <Radio key={value} value={value} disabled={releaseTypeProblem(bol.type, value) !== undefined}>
            {releaseTypeLabels[value]}
          </Radio>
        ))}
      </Radio.Group>
    </Modal>
  );
}
