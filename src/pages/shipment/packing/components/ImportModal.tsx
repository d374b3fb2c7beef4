import SheetImportDialog from '@/components/SheetImportDialog';
import { BULK_TEMPLATE_URL, importBulkLines, type BulkImportOutcome } from '@/services/packing';
import {
  bulkFieldLabels,
  bulkLimits,
  bulkSheetColumns,
  bulkTypeLabels,
  bulkTypes,
  type BulkField,
  type BulkType,
} from '@contract/packing/codes';
import { Radio, Space, Typography } from 'antd';
import { useState } from 'react';

interface ImportModalProps {
  open: boolean;
  onClose: () => void;
  onImported: (imported: number) => void;
}

const MAX_MB = bulkLimits.importMaxBytes / 1024 / 1024;
const requiredHeaders = bulkSheetColumns.filter((column) => column.imported).map((column) => column.header);

/** 导入装箱明细: one xlsx of one shipment type, all or nothing. */
type Imported = Extract<BulkImportOutcome, { ok: true }>;

export default function ImportModal({ open, onClose, onImported }: ImportModalProps) {
  const [type, setType] = useState<BulkType>('multi');
  return (
    <SheetImportDialog
      title="导入装箱明细"
      open={open}
      maxBytes={bulkLimits.importMaxBytes}
      templateUrl={BULK_TEMPLATE_URL}
      extra={
        <Space>
          <Typography.Text>出运方式</Typography.Text>
          <Radio.Group
            value={type}
            onChange={(event) => setType(event.target.value)}
            options={bulkTypes.map((value) => ({ value, label: bulkTypeLabels[value] }))}
          />
        </Space>
      }
      hint={`第 1 行为表头，需包含：${requiredHeaders.join('、')}。工厂和尺码组写代码或名称均可。最多 ${bulkLimits.importMaxRows} 行、${MAX_MB} MB；任一行有误则整个文件不导入，所有错误行会一次列出。`}
      fieldLabel={(field) => bulkFieldLabels[field as BulkField] ?? field}
      send={async (file, onProgress) => {
        const outcome = await importBulkLines(type, file, onProgress);
        return outcome.ok ? { ok: true, data: outcome } : outcome;
      }}
      successText={(answer) => {
        const { imported, exampleSkipped } = answer as Imported;
        return `成功导入 ${imported} 条装箱明细${exampleSkipped ? '（模板的示例行未导入）' : ''}`;
      }}
      onClose={onClose}
      onImported={(answer) => onImported((answer as Imported).imported)}
    />
  );
}
