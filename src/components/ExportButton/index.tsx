import { exportList } from '@/services/exports';
import { saveFile } from '@/utils/saveFile';
import type { Route } from '@contract/shared/endpoint';
import { Button, message, type ButtonProps } from 'antd';
import { useState } from 'react';

/** 导出: every row of a list under `query` (its filters and sorter) as the xlsx the server writes, then saved. */
export default function ExportButton({
  route,
  query,
  type,
  icon,
}: {
  route: Route;
  query: Record<string, unknown>;
  type?: ButtonProps['type'];
  /** Beside buttons with icons (the packing list's 新建 and 导入). */
  icon?: ButtonProps['icon'];
}) {
  const [exporting, setExporting] = useState(false);
  const onClick = async () => {
    setExporting(true);
    try {
      const file = await exportList(route, query);
      if (file) {
        saveFile(file.blob, file.fileName);
        message.success(`已导出 ${file.fileName}`);
      }
    } catch {
      // A refusal (too many rows: 422) was shown by request.ts.
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button type={type} icon={icon} loading={exporting} onClick={onClick}>
      导出
    </Button>
  );
}
