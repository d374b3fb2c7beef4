import { InspectionTag } from '@/components/StatusTags';
import { queryInspections } from '@/services/inspection';
import { formatDateTime } from '@/utils/date';
import type { Inspection } from '@contract/inspection/schema';
import { fragmentsText, inspectionModeLabels } from '@contract/inspection/codes';
import { Table } from 'antd';
import { useEffect, useState } from 'react';

/** The needle inspections of one line, failures first, as the 验针 page lists them. */
export default function InspectionRecords({ lineKey, version }: { lineKey: string; version: number }) {
  const [records, setRecords] = useState<Inspection[]>();
  // The line's version changes with each inspection: the records are read again with it.
  useEffect(() => {
    queryInspections({ lineKey, pageSize: 50 }).then((answer) => setRecords(answer?.data ?? []));
  }, [lineKey, version]);
  return (
    <Table<Inspection>
      size="small"
      rowKey="key"
      pagination={false}
      loading={records === undefined}
      dataSource={records}
      locale={{ emptyText: '暂无验针记录' }}
      columns={[
        { title: '验针单号', dataIndex: 'key' },
        { title: '结果', dataIndex: 'result', render: (_, r) => <InspectionTag result={r.result} /> },
        { title: '方式', dataIndex: 'mode', render: (_, r) => inspectionModeLabels[r.mode] },
        { title: '检验 / 报警', key: 'qty', render: (_, r) => `${r.inspectedQty} / ${r.alarmQty}` },
        { title: '碎片', key: 'fragments', render: (_, r) => fragmentsText(r.fragments) },
        { title: '验针员', dataIndex: 'inspectorName' },
        { title: '时间', dataIndex: 'inspectedAt', render: (_, r) => formatDateTime(r.inspectedAt) },
      ]}
    />
  );
}
